"""Writes a world as Terraform configuration: the root module and one directory per
module definition under modules/.

Values and dependencies are data of each object; the emitter finds, for every block, one
expression that gives each of its instances its own value:
- the same literal or reference for all of them;
- a reference aligned with the block's own key (`terraform_data.x[each.key].id`);
- a literal map or tuple indexed by the key (for_each over a map of values, `each.value`);
- otherwise a module variable, whose value for each module instance comes from the call
  in the parent module, found there the same way (up to the root, where every object is
  in reach).
A dependency on an object in a child module is read from an output, re-exported level by
level, so references follow real module boundaries as they would in a user's code.

A dependency is written as the id itself, inside a string (`"arn:x:${...}"`) or inside a
`jsonencode` of a map (the object's `f`), and read directly or through a `locals` entry of
the module (the block's `local`). Postconditions: one that always passes (`post`), and, given
the objects' ids from the before-state (`ids`), one that pins each object's id (`guard`).
"""

import json
import re

from world import COUNT, EACH, key_suffix

INDEX = {EACH: "each", COUNT: "count"}
INDEX_EXPR = {"each": "[each.key]", "count": "[count.index]"}
INDEXED_ATTR = re.compile(r"((?:terraform_data|module)\.\w+)\[(each\.key|count\.index)\]\.(\w+)")


def in_string(expr, f):
    """The dependency expression as the object's format f holds it."""
    if f == "arn":
        return f'"arn:x:${{{expr}}}"'
    if f == "json":
        return f'jsonencode({{ id = {expr}, kind = "ref" }})'
    return expr


def localize(expr, index):
    """(the local's value, the expression that reads it as local.NAME) for expr, written
    with NAME for the local's name; None where expr cannot live in a local (it reads the
    instance key in a way a local cannot)."""
    ie = INDEX_EXPR.get(index, "")
    if "each." not in expr and "count." not in expr:
        return expr, "local.NAME"
    if ie and expr.endswith(ie):
        prefix = expr[: -len(ie)]
        if "each." not in prefix and "count." not in prefix:
            return prefix, "local.NAME" + ie
    m = INDEXED_ATTR.fullmatch(expr)
    if m and ie == f"[{m.group(2)}]":
        if index == "each":
            return f"{{ for k, o in {m.group(1)} : k => o.{m.group(3)} }}", "local.NAME" + ie
        return f"[for o in {m.group(1)} : o.{m.group(3)}]", "local.NAME" + ie
    return None


def hcl_string(s):
    return json.dumps(s)


def hcl_key(k):
    return hcl_string(str(k))


def has_reference(spec):
    kind, val = spec
    if kind == "ref":
        return True
    if kind == "map":
        return any(has_reference(v) for v in val.values())
    if kind == "tuple":
        return any(has_reference(v) for v in val)
    return False


def output_name(rel, block, key):
    parts = ["id"]
    for call, k in rel:
        parts.append(call if k is None else f"{call}_{k}")
    parts.append(block if key is None else f"{block}_{key}")
    return "_".join(str(p).replace("-", "_") for p in parts)


class Emitter:
    def __init__(self, world, ids=None):
        self.w = world
        self.ids = ids  # oid -> id in the before-state, for guards; None: no guards
        world.reindex()
        self.where = world.locate()
        self.mis = {def_id: world.mis_of(def_id) for def_id in world.defs}
        self.parent_mi = {}
        for mi in world.mis():
            for insts in mi.children.values():
                for key, child in insts.items():
                    self.parent_mi[id(child)] = (mi, key)
        self.vars = {def_id: [] for def_id in world.defs}
        self.args = {def_id: {} for def_id in world.defs}  # call -> {arg: [(pmi, key, spec)]}
        self.outputs = {def_id: {} for def_id in world.defs}
        self.body = {def_id: [] for def_id in world.defs}
        self.locals = {def_id: [] for def_id in world.defs}
        self.notes = []
        self.dropped_rtb = []  # (definition, block) whose replace_triggered_by was left out

    # --- expressions -----------------------------------------------------------------

    def local(self, mi, spec):
        """spec as an expression valid in module instance mi, or None when it needs a
        value from outside mi's subtree."""
        kind, val = spec
        if kind == "lit":
            return "null" if val is None else hcl_string(val)
        if kind == "raw":
            return val
        if kind == "set":
            return "toset([" + ", ".join(hcl_string(k) for k in val) + "])"
        if kind == "ref":
            tmi, block, key = self.where[val]
            if tmi.path[: len(mi.path)] != mi.path:
                return None
            return self.down(mi.def_id, tmi.path[len(mi.path):], block, key)
        if kind == "map":
            parts = [(k, self.local(mi, v)) for k, v in val.items()]
            if any(e is None for _, e in parts):
                return None
            return "{" + ", ".join(f"{hcl_key(k)} = {e}" for k, e in parts) + "}"
        if kind == "tuple":
            parts = [self.local(mi, v) for v in val]
            if any(e is None for e in parts):
                return None
            return "[" + ", ".join(parts) + "]"
        raise ValueError(spec)

    def down(self, def_id, rel, block, key):
        if not rel:
            return f"terraform_data.{block}{key_suffix(key)}.id"
        call, ck = rel[0]
        child = self.w.defs[def_id].calls[call].def_id
        out = output_name(rel[1:], block, key)
        if out not in self.outputs[child]:
            value = self.down(child, rel[1:], block, key)
            if not all(self.holds(mi, rel[1:], block, key) for mi in self.mis[child]):
                value = f"try({value}, null)"  # instances of the module differ in their keys
            self.outputs[child][out] = value
        return f"module.{call}{key_suffix(ck)}.{out}"

    @staticmethod
    def holds(mi, rel, block, key):
        for call, ck in rel:
            mi = mi.children.get(call, {}).get(ck)
            if mi is None:
                return False
        return key in mi.objs.get(block, {})

    @staticmethod
    def template(per_key, index):
        if len(per_key) < 2:
            return None
        tpl = None
        for k, e in per_key.items():
            ks = key_suffix(k)
            if ks not in e:
                return None
            t = e.replace(ks, INDEX_EXPR[index])
            if tpl is None:
                tpl = t
            elif t != tpl:
                return None
        return tpl

    def resolve(self, def_id, items, index, varname, default):
        """One expression for a block or call attribute whose instances take the values
        of items [(module instance, instance key, spec)]."""
        if not items:
            return default
        exprs = [(mi, key, self.local(mi, spec)) for mi, key, spec in items]
        if all(e is not None for _, _, e in exprs):
            distinct = {e for _, _, e in exprs}
            if len(distinct) == 1:
                return distinct.pop()
            if index is not None:
                by_key = {}
                for _, key, e in exprs:
                    by_key.setdefault(key, set()).add(e)
                if all(len(s) == 1 for s in by_key.values()):
                    per_key = {k: next(iter(s)) for k, s in by_key.items()}
                    tpl = self.template(per_key, index)
                    if tpl is not None:
                        return tpl
                    keysets = {}
                    for mi, key, _ in items:
                        keysets.setdefault(id(mi), set()).add(key)
                    refers = any(has_reference(spec) for _, _, spec in items)
                    # A literal map or tuple is evaluated whole: its references must hold
                    # in every instance.
                    if not refers or len({frozenset(k) for k in keysets.values()}) == 1:
                        if index == "each":
                            body = ", ".join(f"{hcl_key(k)} = {e}" for k, e in per_key.items())
                            return "{" + body + "}[each.key]"
                        size = max(per_key) + 1
                        return "[" + ", ".join(per_key.get(i, "null") for i in range(size)) + "][count.index]"
        # A module variable, set by the call in the parent module for each instance.
        if def_id == "root":
            raise AssertionError(f"unreachable value in the root module: {varname}")
        if varname not in self.vars[def_id]:
            self.vars[def_id].append(varname)
        per_mi = {id(mi): [] for mi in self.mis[def_id]}
        for mi, key, spec in items:
            per_mi[id(mi)].append((key, spec))
        if index is not None and all(len({repr(s) for _, s in got}) <= 1 for got in per_mi.values()):
            index = None  # one value per module instance: the variable needs no key
            per_mi = {k: got[:1] for k, got in per_mi.items()}
        requests = []
        for mi in self.mis[def_id]:
            got = per_mi[id(mi)]
            if index is None:
                value = got[0][1] if got else ("lit", None)
            elif index == "each":
                value = ("map", dict(got))
            else:
                size = max((k for k, _ in got), default=-1) + 1
                by = dict(got)
                value = ("tuple", [by.get(i, ("lit", None)) for i in range(size)])
            pmi, ckey = self.parent_mi[id(mi)]
            requests.append((pmi, ckey, value))
        pdef, call = self.w.parent_of(def_id)
        self.args[pdef].setdefault(call, {})[varname] = requests
        return f"var.{varname}" + (INDEX_EXPR[index] if index else "")

    # --- blocks and calls ------------------------------------------------------------

    def emit_block(self, def_id, bname, bd):
        mis = self.mis[def_id]
        inst = [(mi, k, self.w.objs[oid]) for mi in mis for k, oid in mi.objs.get(bname, {}).items()]
        lines = [f'resource "terraform_data" "{bname}" {{']
        index = INDEX.get(bd.rep)
        n_expr = None
        if bd.rep == COUNT:
            items = [(mi, None, ("raw", str(len(mi.objs.get(bname, {}))))) for mi in mis]
            lines.append(f"  count = {self.resolve(def_id, items, None, bname + '_count', '0')}")
        elif bd.rep == EACH:
            if len({o.n for _, _, o in inst}) > 1:
                items = [(mi, None, ("map", {k: ("lit", self.w.objs[oid].n) for k, oid in mi.objs.get(bname, {}).items()}))
                         for mi in mis]
                fe = self.resolve(def_id, items, None, bname + "_each", "{}")
                n_expr = "each.value"
            else:
                items = [(mi, None, ("set", sorted(mi.objs.get(bname, {})))) for mi in mis]
                fe = self.resolve(def_id, items, None, bname + "_keys", "toset([])")
            lines.append(f"  for_each = {fe}")
        if n_expr is None:
            n_expr = self.resolve(def_id, [(mi, k, ("lit", o.n)) for mi, k, o in inst], index, bname + "_n", '"unused"')
        if bd.has_d:
            d_expr = self.resolve(def_id, [(mi, k, o.d) for mi, k, o in inst], index, bname + "_d", '"unused"')
            formats = {o.f for _, _, o in inst}
            if len(formats) > 1:
                raise AssertionError(f"block {bname} holds ids in several formats: {formats}")
            fmt = formats.pop() if formats else None
            loc = localize(d_expr, index) if bd.local else None
            if loc is None:
                d_expr = in_string(d_expr, fmt)
            else:
                lname = bname + "_d"
                value, d_expr = loc[0], loc[1].replace("NAME", lname)
                if d_expr == "local." + lname and "var." not in value and "module." not in value:
                    value = in_string(value, fmt)  # the local holds the string with the id
                else:
                    # The string is built where the block reads the local: a local is
                    # evaluated in module instances that hold no object of the block too,
                    # where a variable or an output it reads may be null.
                    d_expr = in_string(d_expr, fmt)
                self.locals[def_id].append(f"{lname} = {value}")
            lines.append("  input = {")
            lines.append(f"    n = {n_expr}")
            lines.append(f"    d = {d_expr}")
            lines.append("  }")
        else:
            lines.append(f"  input = {n_expr}")
        if any(o.t is not None for _, _, o in inst):
            t_expr = self.resolve(def_id, [(mi, k, ("lit", o.t)) for mi, k, o in inst], index, bname + "_t", "null")
            lines.append(f"  triggers_replace = {t_expr}")
        life = []
        if bd.cbd:
            life.append("create_before_destroy = true")
        if bd.ignore:
            life.append("ignore_changes = [input]")
        rtb = self.replace_triggered_by(def_id, bname, inst, index)
        if rtb:
            life.append(f"replace_triggered_by = [{rtb}]")
        if bd.post:
            life += ["postcondition {", "  condition     = self.output != null",
                     '  error_message = "no output"', "}"]
        if bd.guard and self.ids is not None:
            known = [(mi, k, ("lit", self.ids.get(o.oid))) for mi, k, o in inst]
            if any(spec[1] is not None for _, _, spec in known):
                g = self.resolve(def_id, known, index, bname + "_id", "null")
                life += ["postcondition {", f"  condition     = {g} == null || self.id == {g}",
                         '  error_message = "not the object this address held"', "}"]
        if life:
            lines.append("  lifecycle {")
            lines.extend(f"    {line}" for line in life)
            lines.append("  }")
        lines.append("}")
        self.body[def_id].append("\n".join(lines))

    def replace_triggered_by(self, def_id, bname, inst, index):
        targets = [(mi, k, o.rtb) for mi, k, o in inst]
        if not any(t is not None for _, _, t in targets):
            return None
        per = []
        for mi, k, t in targets:
            if t is None or t not in self.where or self.where[t][0] is not mi:
                self.notes.append(f"replace_triggered_by of {bname} left out: its target is not beside it")
                self.dropped_rtb.append((def_id, bname))
                return None
            _, tb, tk = self.where[t]
            per.append((k, f"terraform_data.{tb}{key_suffix(tk)}"))
        if len({e for _, e in per}) == 1:
            return per[0][1]
        by_key = {}
        for k, e in per:
            by_key.setdefault(k, set()).add(e)
        if index is not None and all(len(s) == 1 for s in by_key.values()):
            tpl = self.template({k: next(iter(s)) for k, s in by_key.items()}, index)
            if tpl is not None:
                return tpl
        self.notes.append(f"replace_triggered_by of {bname} left out: no one expression names each target")
        self.dropped_rtb.append((def_id, bname))
        return None

    def emit_call(self, def_id, cname, call):
        child = self.w.defs[call.def_id]
        source = f"./modules/{child.dir}" if def_id == "root" else f"../{child.dir}"
        lines = [f'module "{cname}" {{', f'  source = "{source}"']
        mis = self.mis[def_id]
        index = INDEX.get(call.rep)
        if call.rep == COUNT:
            items = [(mi, None, ("raw", str(len(mi.children.get(cname, {}))))) for mi in mis]
            lines.append(f"  count = {self.resolve(def_id, items, None, cname + '_count', '0')}")
        elif call.rep == EACH:
            items = [(mi, None, ("set", sorted(mi.children.get(cname, {})))) for mi in mis]
            lines.append(f"  for_each = {self.resolve(def_id, items, None, cname + '_keys', 'toset([])')}")
        for arg, requests in self.args[def_id].get(cname, {}).items():
            expr = self.resolve(def_id, requests, index, f"{cname}_{arg}", "null")
            lines.append(f"  {arg} = {expr}")
        lines.append("}")
        self.body[def_id].append("\n".join(lines))

    def emit(self):
        """{relative path: text} of every file of the configuration."""
        order = sorted(self.w.defs, key=self.w.def_depth, reverse=True)
        for def_id in order:
            d = self.w.defs[def_id]
            for bname, bd in d.blocks.items():
                self.emit_block(def_id, bname, bd)
            for cname, call in d.calls.items():
                self.emit_call(def_id, cname, call)
        files = {}
        for def_id, d in self.w.defs.items():
            parts = [f'variable "{v}" {{}}' for v in self.vars[def_id]]
            if self.locals[def_id]:
                parts.append("locals {\n" + "".join(f"  {line}\n" for line in self.locals[def_id]) + "}")
            parts += self.body[def_id]
            parts += [f'output "{name}" {{\n  value = {expr}\n}}' for name, expr in self.outputs[def_id].items()]
            path = "main.tf" if def_id == "root" else f"modules/{d.dir}/main.tf"
            files[path] = "\n\n".join(parts) + "\n"
        return files


def emit(world, ids=None):
    e = Emitter(world, ids)
    files = e.emit()
    return files, e.notes


def settle_lifecycle(world):
    """Forgets the replace_triggered_by links no expression can write, so that the model
    says what the configuration says."""
    e = Emitter(world)
    e.emit()
    for def_id, bname in e.dropped_rtb:
        for mi in world.mis_of(def_id):
            for oid in mi.objs.get(bname, {}).values():
                world.objs[oid].rtb = None


def moved_blocks(pairs):
    """moved blocks for [(from, to)] addresses, as the oracle plans them."""
    return "".join(f"moved {{\n  from = {a}\n  to   = {b}\n}}\n\n" for a, b in pairs)
