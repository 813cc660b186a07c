"""Random refactors of a world whose true identity mapping is known: every operation moves
objects (keeping their oid), deletes them, creates new ones or changes their values.

Each operation returns its kind and the objects it touched (moved, or changed in value),
or None when it does not apply to the world as it is. The driver applies it to a copy and
keeps the copy only if `problems` finds nothing wrong with it: a new address never takes
an address another object had (Terraform would not move onto an object it holds). What
Terraform moves by itself when `count` comes or goes (`x` to `x[0]` and back) may differ
from the truth (`z` becomes `x[0]` and `x` becomes `x[1]`): Terraform's implied move is a
hypothesis like any other, and a user who keeps it loses objects (issue 47).

Once the operations are done, a few blocks of the after-configuration may pin each of their
objects' ids in a postcondition (`guard`): any pairing but the true one fails the plan.
"""

from generate import KEYS, WORDS
from world import COUNT, EACH, MI, ONE, BlockDef, CallDef, ModDef

# The operation kinds, as the statistics name them.
STRUCTURAL = ["rename", "module_rename", "count_to_for_each", "for_each_to_count",
              "module_count_to_for_each", "module_for_each_to_count", "for_each_added",
              "count_added", "module_for_each_added", "module_count_added",
              "repetition_removed", "module_repetition_removed", "rekey", "module_rekey",
              "into_module", "out_of_module", "between_modules", "wrap", "hoist", "unwrap",
              "module_wrap", "count_merge"]
VALUES = ["delete", "create", "identical_creation", "update", "replace"]
WEIGHTS = {k: 3 for k in STRUCTURAL}
# Whole module instances moving (re-keyed, wrapped, hoisted, for_each added, a resource
# moved into a child module in each instance) weigh more: they carry the helpers that are
# identical in every instance (issue 47).
WEIGHTS.update({"rename": 6, "module_rename": 5, "into_module": 5, "out_of_module": 4,
                "module_rekey": 5, "module_count_to_for_each": 4, "module_for_each_added": 4,
                "module_wrap": 4, "hoist": 4, "count_merge": 4,
                "delete": 2, "create": 2, "identical_creation": 2, "update": 2, "replace": 1})


def rename_key(d, old, new):
    """d with key old renamed to new, in place, keeping the order."""
    items = [(new if k == old else k, v) for k, v in d.items()]
    d.clear()
    d.update(items)


def block_list(w):
    return [(def_id, b) for def_id, d in w.defs.items() for b in d.blocks]


def call_list(w):
    return [(def_id, c) for def_id, d in w.defs.items() for c in d.calls]


def block_oids(w, def_id, b):
    return [oid for mi in w.mis_of(def_id) for oid in mi.objs.get(b, {}).values()]


def call_oids(w, def_id, c):
    return [oid for mi in w.mis_of(def_id) for child in mi.children.get(c, {}).values()
            for oid in w.subtree_oids(child)]


def parent_mis(w):
    out = {}
    for mi in w.mis():
        for call, insts in mi.children.items():
            for key, child in insts.items():
                out[id(child)] = (mi, call, key)
    return out


class Ctx:
    """What an operation needs besides the world: the random source, the world before the
    refactor (for identical creations), and the objects touched so far (to stack
    operations on the same objects)."""

    def __init__(self, rng, before, focus):
        self.rng = rng
        self.before = before
        self.focus = focus

    def pick(self, options, oids_of):
        """One of options, preferring those that hold objects touched already."""
        if not options:
            return None
        if self.focus and self.rng.random() < 0.5:
            near = [o for o in options if self.focus & set(oids_of(o))]
            if near:
                return self.rng.choice(near)
        return self.rng.choice(options)

    def name(self, w):
        return w.fresh(self.rng.choice(WORDS))

    def key(self, w):
        return w.fresh(self.rng.choice(KEYS))


def new_value_obj(ctx, w, like=None):
    """A new object with fresh values, shaped like `like` (same dependency and trigger
    attributes), so that it fits the block it joins."""
    o = w.new_obj(w.fresh("v"))
    if like is not None:
        if like.d is not None:
            o.d = like.d if like.d[0] == "ref" and like.d[1] in w.objs else ("lit", w.fresh("x"))
            o.f = like.f
        if like.t is not None:
            o.t = w.fresh("t")
    return o


def helper_block(w, def_id, b):
    """Whether every object of block b, in every instance of its module, has one value: a
    helper, whose new objects have that value too (a new instance of a module has the
    same policy document as the others)."""
    values = {w.objs[oid].value() for oid in block_oids(w, def_id, b)}
    return len(values) == 1 and len(block_oids(w, def_id, b)) > 1


def copy_subtree(ctx, w, template, identical):
    """A new module instance shaped like template, with new objects: with template's
    values where identical, else new values but for helpers (helper_block)."""
    mi = MI(template.def_id)
    for b, keyed in template.objs.items():
        mi.objs[b] = {}
        same = identical or helper_block(w, template.def_id, b)
        for k, oid in keyed.items():
            src = w.objs[oid]
            o = w.twin_obj(src) if same else new_value_obj(ctx, w, like=src)
            mi.objs[b][k] = o.oid
    for c, insts in template.children.items():
        mi.children[c] = {k: copy_subtree(ctx, w, child, identical) for k, child in insts.items()}
    return mi


def drop_dead_references(w, dead):
    """Objects that depended on a deleted object now hold a literal (an update)."""
    changed = []
    for o in w.objs.values():
        if o.oid in dead:
            continue
        if o.d is not None and o.d[0] == "ref" and o.d[1] in dead:
            o.d = ("lit", w.fresh("x"))
            changed.append(o.oid)
        if o.rtb in dead:
            o.rtb = None
    return changed


def remove_defs_under(w, def_id):
    for c in list(w.defs[def_id].calls.values()):
        remove_defs_under(w, c.def_id)
    del w.defs[def_id]


def finish_delete(w, before_live):
    dead = before_live - w.live()
    changed = drop_dead_references(w, dead)
    w.prune_dead()
    return changed


# --- renames and repetition ---------------------------------------------------------


def op_rename(ctx, w):
    pick = ctx.pick(block_list(w), lambda o: block_oids(w, *o))
    if pick is None:
        return None
    def_id, b = pick
    new = ctx.name(w)
    rename_key(w.defs[def_id].blocks, b, new)
    for mi in w.mis_of(def_id):
        if b in mi.objs:
            rename_key(mi.objs, b, new)
    return "rename", set(block_oids(w, def_id, new))


def op_module_rename(ctx, w):
    pick = ctx.pick(call_list(w), lambda o: call_oids(w, *o))
    if pick is None:
        return None
    def_id, c = pick
    new = ctx.name(w)
    rename_key(w.defs[def_id].calls, c, new)
    for mi in w.mis_of(def_id):
        if c in mi.children:
            rename_key(mi.children, c, new)
    return "module_rename", set(call_oids(w, def_id, new))


def rekey_all(ctx, w, containers, rep_from, new_rep):
    """Re-keys every container ({key: x}) from count to for_each or back."""
    if rep_from == COUNT:
        size = max((len(c) for c in containers), default=0)
        names = [ctx.key(w) for _ in range(size)]
        for c in containers:
            items = sorted(c.items())
            c.clear()
            c.update({names[i]: x for i, (_, x) in enumerate(items)})
    else:
        for c in containers:
            items = sorted(c.items())
            c.clear()
            c.update({i: x for i, (_, x) in enumerate(items)})


def op_repetition_change(ctx, w, rep_from, rep_to, kind):
    options = [(d, b) for d, b in block_list(w) if w.defs[d].blocks[b].rep == rep_from]
    pick = ctx.pick(options, lambda o: block_oids(w, *o))
    if pick is None:
        return None
    def_id, b = pick
    w.defs[def_id].blocks[b].rep = rep_to
    rekey_all(ctx, w, [mi.objs.setdefault(b, {}) for mi in w.mis_of(def_id)], rep_from, rep_to)
    return kind, set(block_oids(w, def_id, b))


def op_module_repetition_change(ctx, w, rep_from, rep_to, kind):
    options = [(d, c) for d, c in call_list(w) if w.defs[d].calls[c].rep == rep_from]
    pick = ctx.pick(options, lambda o: call_oids(w, *o))
    if pick is None:
        return None
    def_id, c = pick
    w.defs[def_id].calls[c].rep = rep_to
    rekey_all(ctx, w, [mi.children.setdefault(c, {}) for mi in w.mis_of(def_id)], rep_from, rep_to)
    return kind, set(call_oids(w, def_id, c))


def op_repetition_added(ctx, w, rep_to, kind):
    options = [(d, b) for d, b in block_list(w) if w.defs[d].blocks[b].rep == ONE]
    pick = ctx.pick(options, lambda o: block_oids(w, *o))
    if pick is None:
        return None
    def_id, b = pick
    w.defs[def_id].blocks[b].rep = rep_to
    first = 0 if rep_to == COUNT else ctx.key(w)
    second = 1 if rep_to == COUNT else ctx.key(w)
    grow = ctx.rng.random() < 0.3
    if grow and rep_to == COUNT and ctx.rng.random() < 0.4:
        first, second = 1, 0  # Terraform's implied x -> x[0] is not the truth: x -> x[1]
    identical = ctx.rng.random() < 0.3
    moved = set()
    for mi in w.mis_of(def_id):
        oid = mi.objs[b].pop(None)
        mi.objs[b][first] = oid
        moved.add(oid)
        if grow:
            src = w.objs[oid]
            mi.objs[b][second] = (w.twin_obj(src) if identical else new_value_obj(ctx, w, like=src)).oid
        mi.objs[b] = dict(sorted(mi.objs[b].items(), key=lambda kv: str(kv[0])))
    return kind, moved


def op_module_repetition_added(ctx, w, rep_to, kind):
    options = [(d, c) for d, c in call_list(w) if w.defs[d].calls[c].rep == ONE]
    pick = ctx.pick(options, lambda o: call_oids(w, *o))
    if pick is None:
        return None
    def_id, c = pick
    w.defs[def_id].calls[c].rep = rep_to
    first = 0 if rep_to == COUNT else ctx.key(w)
    second = 1 if rep_to == COUNT else ctx.key(w)
    grow = ctx.rng.random() < 0.5  # a call given for_each or count usually gets more instances
    for mi in w.mis_of(def_id):
        child = mi.children[c].pop(None)
        mi.children[c][first] = child
        if grow:
            mi.children[c][second] = copy_subtree(ctx, w, child, identical=ctx.rng.random() < 0.3)
    return kind, set(call_oids(w, def_id, c))


def op_repetition_removed(ctx, w):
    options = [(d, b) for d, b in block_list(w) if w.defs[d].blocks[b].rep != ONE
               and all(mi.objs.get(b) for mi in w.mis_of(d))]
    pick = ctx.pick(options, lambda o: block_oids(w, *o))
    if pick is None:
        return None
    def_id, b = pick
    bd = w.defs[def_id].blocks[b]
    live = w.live()
    keep = set()
    # count: most keep [0], which Terraform moves by itself; some keep another index, where
    # Terraform's implied x[0] -> x is not the truth
    first = bd.rep == COUNT and ctx.rng.random() < 0.5
    for mi in w.mis_of(def_id):
        keyed = mi.objs[b]
        k = 0 if first else ctx.rng.choice(sorted(keyed, key=str))
        keep.add(keyed[k])
        mi.objs[b] = {None: keyed[k]}
    bd.rep = ONE
    finish_delete(w, live)
    return "repetition_removed", keep


def op_module_repetition_removed(ctx, w):
    options = [(d, c) for d, c in call_list(w) if w.defs[d].calls[c].rep != ONE
               and all(mi.children.get(c) for mi in w.mis_of(d))]
    pick = ctx.pick(options, lambda o: call_oids(w, *o))
    if pick is None:
        return None
    def_id, c = pick
    call = w.defs[def_id].calls[c]
    live = w.live()
    for mi in w.mis_of(def_id):
        insts = mi.children[c]
        k = 0 if call.rep == COUNT else ctx.rng.choice(sorted(insts))
        mi.children[c] = {None: insts[k]}
    call.rep = ONE
    finish_delete(w, live)
    return "module_repetition_removed", set(call_oids(w, def_id, c))


def op_rekey(ctx, w):
    options = [(d, b) for d, b in block_list(w) if w.defs[d].blocks[b].rep == EACH
               and any(mi.objs.get(b) for mi in w.mis_of(d))]
    pick = ctx.pick(options, lambda o: block_oids(w, *o))
    if pick is None:
        return None
    def_id, b = pick
    keys = sorted({k for mi in w.mis_of(def_id) for k in mi.objs.get(b, {})})
    old = ctx.rng.choice(keys)
    new = ctx.key(w)
    moved = set()
    for mi in w.mis_of(def_id):
        if old in mi.objs.get(b, {}):
            moved.add(mi.objs[b][old])
            rename_key(mi.objs[b], old, new)
    return "rekey", moved


def op_module_rekey(ctx, w):
    options = [(d, c) for d, c in call_list(w) if w.defs[d].calls[c].rep == EACH
               and any(mi.children.get(c) for mi in w.mis_of(d))]
    pick = ctx.pick(options, lambda o: call_oids(w, *o))
    if pick is None:
        return None
    def_id, c = pick
    keys = sorted({k for mi in w.mis_of(def_id) for k in mi.children.get(c, {})})
    old = ctx.rng.choice(keys)
    new = ctx.key(w)
    moved = set()
    for mi in w.mis_of(def_id):
        if old in mi.children.get(c, {}):
            moved.update(w.subtree_oids(mi.children[c][old]))
            rename_key(mi.children[c], old, new)
    return "module_rekey", moved


# --- moves between modules -----------------------------------------------------------


def instance_tag(mi, others):
    """A key that tells module instance mi from the others landing with it: its keys
    below the path they share."""
    common = 0
    while all(len(o.path) > common and o.path[common] == mi.path[common] for o in others):
        common += 1
    keys = [str(k) for _, k in mi.path[common:] if k is not None]
    return "-".join(keys) or str(others.index(mi))


def place(ctx, w, b, bd, sources, dest_of, fill_others):
    """Moves block b's objects from each source module instance to dest_of(mi); where
    several sources land in one instance, the block becomes a for_each over their keys.
    Module instances of the destination that got nothing get new objects (fill_others)."""
    landing = {}
    for mi in sources:
        landing.setdefault(id(dest_of(mi)), (dest_of(mi), []))[1].append(mi)
    collide = any(len(srcs) > 1 for _, srcs in landing.values())
    moved = set()
    placed = []
    for dest, srcs in landing.values():
        dest.objs[b] = {}
        for src in srcs:
            for k, oid in src.objs.pop(b, {}).items():
                nk = k
                if collide:
                    tag = instance_tag(src, srcs)
                    nk = tag if k is None else f"{tag}-{k}"
                dest.objs[b][nk] = oid
                moved.add(oid)
        placed.append(dest)
    if collide:
        bd.rep = EACH
    for dest in fill_others:
        if any(dest is p for p in placed):
            continue
        template = placed[0].objs[b] if placed else {}
        identical = ctx.rng.random() < 0.5
        dest.objs[b] = {}
        for k, oid in template.items():
            src = w.objs[oid]
            o = w.twin_obj(src) if identical else new_value_obj(ctx, w, like=src)
            dest.objs[b][k] = o.oid
    return moved


def op_move_block(ctx, w, relation):
    options = []
    for s, b in block_list(w):
        if not w.mis_of(s):
            continue
        parent = w.parent_of(s)
        for dst in w.defs:
            if dst == s or not w.mis_of(dst):
                continue
            is_child = any(c.def_id == dst for c in w.defs[s].calls.values())
            is_parent = parent is not None and parent[0] == dst
            rel = "into_module" if is_child else "out_of_module" if is_parent else "between_modules"
            if rel == relation:
                options.append((s, b, dst))
    pick = ctx.pick(options, lambda o: block_oids(w, o[0], o[1]))
    if pick is None:
        return None
    s, b, dst = pick
    sources = w.mis_of(s)
    dests = w.mis_of(dst)
    if relation == "into_module":
        call = next(c for c, cd in w.defs[s].calls.items() if cd.def_id == dst)
        if any(not mi.children.get(call) for mi in sources):
            return None

        def dest_of(mi):
            return mi.children[call][sorted(mi.children[call], key=str)[0]]
    elif relation == "out_of_module":
        parents = parent_mis(w)

        def dest_of(mi):
            return parents[id(mi)][0]
    elif len(dests) == 1:
        def dest_of(mi):
            return dests[0]
    elif len(sources) == 1:
        def dest_of(mi):
            return dests[0]
    else:
        return None
    bd = w.defs[s].blocks.pop(b)
    w.defs[dst].blocks[b] = bd
    moved = place(ctx, w, b, bd, sources, dest_of, dests)
    return relation, moved


def op_wrap(ctx, w):
    options = [d for d in w.defs if w.defs[d].blocks and w.mis_of(d)]
    def_id = ctx.pick(options, lambda d: [o for b in w.defs[d].blocks for o in block_oids(w, d, b)])
    if def_id is None:
        return None
    d = w.defs[def_id]
    names = list(d.blocks)
    chosen = ctx.rng.sample(names, ctx.rng.randint(1, min(3, len(names))))
    new_def = w.fresh("m")
    w.defs[new_def] = ModDef(dir=new_def)
    r = ctx.rng.random()
    rep = ONE if r < 0.6 else EACH if r < 0.85 else COUNT
    key = None if rep == ONE else 0 if rep == COUNT else ctx.key(w)
    cname = ctx.name(w)
    d.calls[cname] = CallDef(rep, new_def)
    for b in chosen:
        w.defs[new_def].blocks[b] = d.blocks.pop(b)
    moved = set()
    for mi in w.mis_of(def_id):
        child = MI(new_def)
        for b in chosen:
            child.objs[b] = mi.objs.pop(b, {})
            moved.update(child.objs[b].values())
        mi.children[cname] = {key: child}
    return "wrap", moved


def op_module_wrap(ctx, w):
    """A module call wrapped in a new module, called with for_each (or count) once: every
    instance of the call moves whole, one level down."""
    pick = ctx.pick(call_list(w), lambda o: call_oids(w, *o))
    if pick is None:
        return None
    def_id, c = pick
    call = w.defs[def_id].calls.pop(c)
    new_def = w.fresh("m")
    w.defs[new_def] = ModDef(dir=new_def, calls={c: call})
    rep = EACH if ctx.rng.random() < 0.75 else COUNT
    key = ctx.key(w) if rep == EACH else 0
    cname = ctx.name(w)
    w.defs[def_id].calls[cname] = CallDef(rep, new_def)
    moved = set()
    for mi in w.mis_of(def_id):
        wrapper = MI(new_def)
        wrapper.children[c] = mi.children.pop(c, {})
        for child in wrapper.children[c].values():
            moved.update(w.subtree_oids(child))
        mi.children[cname] = {key: wrapper}
    return "module_wrap", moved


def refers_between(w, xs, zs):
    """Whether an object of xs refers to one of zs or back (input or replace_triggered_by)."""
    def refs(o):
        return {o.rtb} | ({o.d[1]} if o.d is not None and o.d[0] == "ref" else set())
    xs, zs = set(xs), set(zs)
    return any(refs(w.objs[o]) & zs for o in xs) or any(refs(w.objs[o]) & xs for o in zs)


def op_count_merge(ctx, w):
    """Two single blocks become one with count = 2: z becomes x[0] and x becomes x[1], where
    Terraform by itself moves x to x[0] (issue 47's implied count move)."""
    options = []
    for def_id, d in w.defs.items():
        if not w.mis_of(def_id):
            continue
        singles = [b for b, bd in d.blocks.items() if bd.rep == ONE]
        for x in singles:
            for z in singles:
                if x == z or d.blocks[x].has_d != d.blocks[z].has_d:
                    continue
                fx = {w.objs[mi.objs[x][None]].f for mi in w.mis_of(def_id) if None in mi.objs.get(x, {})}
                fz = {w.objs[mi.objs[z][None]].f for mi in w.mis_of(def_id) if None in mi.objs.get(z, {})}
                if d.blocks[x].has_d and fx != fz:
                    continue
                if refers_between(w, block_oids(w, def_id, x), block_oids(w, def_id, z)):
                    continue  # one block may not refer to itself
                if all(None in mi.objs.get(x, {}) and None in mi.objs.get(z, {}) for mi in w.mis_of(def_id)):
                    options.append((def_id, x, z))
    pick = ctx.pick(options, lambda o: block_oids(w, o[0], o[1]) + block_oids(w, o[0], o[2]))
    if pick is None:
        return None
    def_id, x, z = pick
    d = w.defs[def_id]
    d.blocks[x].rep = COUNT
    del d.blocks[z]
    moved = set()
    for mi in w.mis_of(def_id):
        ox, oz = mi.objs[x][None], mi.objs.pop(z)[None]
        mi.objs[x] = {0: oz, 1: ox}
        moved |= {ox, oz}
    return "count_merge", moved


def op_hoist(ctx, w):
    options = [(d, c) for d, c in call_list(w) if d != "root"]
    pick = ctx.pick(options, lambda o: call_oids(w, *o))
    if pick is None:
        return None
    s, c = pick
    p, s_call = w.parent_of(s)
    call = w.defs[s].calls.pop(c)
    s_rep = w.defs[p].calls[s_call].rep
    moved = set()
    for pmi in w.mis_of(p):
        merged = {}
        for sk, smi in sorted(pmi.children.get(s_call, {}).items(), key=lambda kv: str(kv[0])):
            for ck, child in smi.children.pop(c, {}).items():
                nk = ck if s_rep == ONE else (str(sk) if ck is None else f"{sk}-{ck}")
                merged[nk] = child
                moved.update(w.subtree_oids(child))
        pmi.children[c] = merged
    if s_rep != ONE:
        call.rep = EACH
    w.defs[p].calls[c] = call
    return "hoist", moved


def op_unwrap(ctx, w):
    options = [(d, c) for d, c in call_list(w) if not w.defs[w.defs[d].calls[c].def_id].calls]
    pick = ctx.pick(options, lambda o: call_oids(w, *o))
    if pick is None:
        return None
    s, c = pick
    call = w.defs[s].calls.pop(c)
    inner = w.defs.pop(call.def_id)
    moved = set()
    for mi in w.mis_of(s):
        insts = mi.children.pop(c, {})
        collide = len(insts) > 1 or call.rep != ONE
        for b, bd in inner.blocks.items():
            mi.objs[b] = {}
            for ck, child in insts.items():
                for k, oid in child.objs.get(b, {}).items():
                    nk = k
                    if collide:
                        nk = str(ck) if k is None else f"{ck}-{k}"
                    mi.objs[b][nk] = oid
                    moved.add(oid)
    for b, bd in inner.blocks.items():
        if call.rep != ONE:
            bd.rep = EACH
        w.defs[s].blocks[b] = bd
    return "unwrap", moved


# --- deletions, creations, updates, replacements -------------------------------------


def deletable_slots(w):
    """(kind, def_id, name, mi, key) of what can be deleted alone."""
    slots = []
    for def_id, d in w.defs.items():
        for b, bd in d.blocks.items():
            slots.append(("block", def_id, b, None, None))
            for mi in w.mis_of(def_id):
                keyed = mi.objs.get(b, {})
                if bd.rep == EACH:
                    slots += [("obj", def_id, b, mi, k) for k in keyed]
                elif bd.rep == COUNT and keyed:
                    slots.append(("obj", def_id, b, mi, max(keyed)))
        for c, cd in d.calls.items():
            slots.append(("call", def_id, c, None, None))
            for mi in w.mis_of(def_id):
                insts = mi.children.get(c, {})
                if cd.rep == EACH:
                    slots += [("instance", def_id, c, mi, k) for k in insts]
                elif cd.rep == COUNT and insts:
                    slots.append(("instance", def_id, c, mi, max(insts)))
    return slots


def delete_slot(w, slot):
    kind, def_id, name, mi, key = slot
    if kind == "block":
        del w.defs[def_id].blocks[name]
        for m in w.mis_of(def_id):
            m.objs.pop(name, None)
    elif kind == "obj":
        del mi.objs[name][key]
    elif kind == "call":
        remove_defs_under(w, w.defs[def_id].calls.pop(name).def_id)
        for m in w.mis_of(def_id) if def_id in w.defs else []:
            m.children.pop(name, None)
    else:
        del mi.children[name][key]


def slot_oids(w, slot):
    kind, def_id, name, mi, key = slot
    if kind == "block":
        return block_oids(w, def_id, name)
    if kind == "obj":
        return [mi.objs[name][key]]
    if kind == "call":
        return call_oids(w, def_id, name)
    return w.subtree_oids(mi.children[name][key])


def op_delete(ctx, w):
    slots = [s for s in deletable_slots(w) if slot_oids(w, s)]
    slot = ctx.pick(slots, lambda s: slot_oids(w, s))
    if slot is None:
        return None
    live = w.live()
    delete_slot(w, slot)
    return "delete", set(finish_delete(w, live))


def op_create(ctx, w):
    r = ctx.rng.random()
    live = sorted(w.live())
    if r < 0.5:
        options = [(d, b) for d, b in block_list(w) if w.defs[d].blocks[b].rep != ONE]
        if options:
            def_id, b = ctx.rng.choice(options)
            mi = ctx.rng.choice(w.mis_of(def_id)) if w.mis_of(def_id) else None
            if mi is None:
                return None
            keyed = mi.objs.setdefault(b, {})
            like = w.objs[next(iter(keyed.values()))] if keyed else None
            if like is None and w.defs[def_id].blocks[b].has_d:
                return None
            o = w.twin_obj(like) if helper_block(w, def_id, b) else new_value_obj(ctx, w, like=like)
            k = len(keyed) if w.defs[def_id].blocks[b].rep == COUNT else ctx.key(w)
            keyed[k] = o.oid
            return "create", {o.oid}
    options = [d for d in w.defs if w.mis_of(d)]
    def_id = ctx.rng.choice(options)
    b = ctx.name(w)
    has_d = ctx.rng.random() < 0.4 and bool(live)
    target = ctx.rng.choice(live) if has_d else None
    w.defs[def_id].blocks[b] = BlockDef(ONE, has_d=has_d, cbd=ctx.rng.random() < 0.15,
                                        local=ctx.rng.random() < 0.3)
    fmt = ctx.rng.choice([None, None, "arn", "json"])
    made = set()
    for mi in w.mis_of(def_id):
        o = w.new_obj(w.fresh("v"), ("ref", target) if has_d else None, f=fmt)
        mi.objs[b] = {None: o.oid}
        made.add(o.oid)
    return "create", made


def op_identical_creation(ctx, w):
    """Deletes an object (unless one is deleted already) and creates, in a new single
    block, an object with the value the deleted one had."""
    live = w.live()
    dead = [oid for oid in ctx.before.objs if oid not in live]

    def copyable(oid):
        o = ctx.before.objs[oid]
        return o.d is None or o.d[0] == "lit" or o.d[1] in w.objs

    dead = [oid for oid in dead if copyable(oid)]
    touched = set()
    if not dead:
        slots = [s for s in deletable_slots(w) if s[0] in ("obj", "block") and slot_oids(w, s)]
        held = {o.d[1] for o in w.objs.values() if o.d is not None and o.d[0] == "ref"}
        slots = [s for s in slots if not held & set(slot_oids(w, s))] or slots
        if not slots:
            return None
        slot = ctx.rng.choice(slots)
        victims = [oid for oid in slot_oids(w, slot) if oid in ctx.before.objs and copyable(oid)]
        if not victims:
            return None
        delete_slot(w, slot)
        touched |= set(finish_delete(w, live))
        dead = victims
    src = ctx.before.objs[ctx.rng.choice(dead)]
    options = [d for d in w.defs if len(w.mis_of(d)) == 1]
    def_id = ctx.rng.choice(options)
    b = ctx.name(w)
    w.defs[def_id].blocks[b] = BlockDef(ONE, has_d=src.d is not None)
    o = w.twin_obj(src)
    w.mis_of(def_id)[0].objs[b] = {None: o.oid}
    return "identical_creation", touched | {o.oid}


def op_update(ctx, w):
    live = sorted(w.live())
    if not live:
        return None
    oid = ctx.pick(live, lambda o: [o])
    w.objs[oid].n = w.fresh("v")
    return "update", {oid}


def op_replace(ctx, w):
    live = sorted(w.live())
    if not live:
        return None
    oid = ctx.pick(live, lambda o: [o])
    w.objs[oid].t = w.fresh("t")
    return "replace", {oid}


OPS = {
    "rename": op_rename,
    "module_rename": op_module_rename,
    "count_to_for_each": lambda c, w: op_repetition_change(c, w, COUNT, EACH, "count_to_for_each"),
    "for_each_to_count": lambda c, w: op_repetition_change(c, w, EACH, COUNT, "for_each_to_count"),
    "module_count_to_for_each": lambda c, w: op_module_repetition_change(c, w, COUNT, EACH, "module_count_to_for_each"),
    "module_for_each_to_count": lambda c, w: op_module_repetition_change(c, w, EACH, COUNT, "module_for_each_to_count"),
    "for_each_added": lambda c, w: op_repetition_added(c, w, EACH, "for_each_added"),
    "count_added": lambda c, w: op_repetition_added(c, w, COUNT, "count_added"),
    "module_for_each_added": lambda c, w: op_module_repetition_added(c, w, EACH, "module_for_each_added"),
    "module_count_added": lambda c, w: op_module_repetition_added(c, w, COUNT, "module_count_added"),
    "repetition_removed": op_repetition_removed,
    "module_repetition_removed": op_module_repetition_removed,
    "rekey": op_rekey,
    "module_rekey": op_module_rekey,
    "into_module": lambda c, w: op_move_block(c, w, "into_module"),
    "out_of_module": lambda c, w: op_move_block(c, w, "out_of_module"),
    "between_modules": lambda c, w: op_move_block(c, w, "between_modules"),
    "wrap": op_wrap,
    "hoist": op_hoist,
    "module_wrap": op_module_wrap,
    "count_merge": op_count_merge,
    "unwrap": op_unwrap,
    "delete": op_delete,
    "create": op_create,
    "identical_creation": op_identical_creation,
    "update": op_update,
    "replace": op_replace,
}


# --- what a refactor must not do -------------------------------------------------------


def structure_problems(w):
    out = []
    for mi in w.mis():
        d = w.defs.get(mi.def_id)
        if d is None:
            out.append(f"instance of a removed definition {mi.def_id}")
            continue
        if set(mi.objs) - set(d.blocks):
            out.append(f"{mi.path}: objects of undeclared blocks {set(mi.objs) - set(d.blocks)}")
        for b, bd in d.blocks.items():
            keys = list(mi.objs.get(b, {}))
            if bd.rep == ONE and keys != [None]:
                out.append(f"{mi.path} {b}: a single block with keys {keys}")
            if bd.rep == COUNT and sorted(keys) != list(range(len(keys))):
                out.append(f"{mi.path} {b}: count keys {keys}")
            if bd.rep == EACH and not all(isinstance(k, str) for k in keys):
                out.append(f"{mi.path} {b}: for_each keys {keys}")
            for oid in mi.objs.get(b, {}).values():
                if (w.objs[oid].d is not None) != bd.has_d:
                    out.append(f"{mi.path} {b}: object {oid} does not fit the block's input")
            if len({w.objs[oid].f for oid in block_oids(w, mi.def_id, b) if w.objs[oid].d is not None}) > 1:
                out.append(f"{mi.path} {b}: ids held in several formats")
        for c, cd in d.calls.items():
            keys = list(mi.children.get(c, {}))
            if cd.rep == ONE and keys != [None]:
                out.append(f"{mi.path} {c}: a single call with keys {keys}")
            if cd.rep == COUNT and sorted(keys) != list(range(len(keys))):
                out.append(f"{mi.path} {c}: count keys {keys}")
            if cd.rep == EACH and not all(isinstance(k, str) for k in keys):
                out.append(f"{mi.path} {c}: for_each keys {keys}")
    for o in w.objs.values():
        if o.d is not None and o.d[0] == "ref" and o.d[1] not in w.objs:
            out.append(f"object {o.oid} depends on a deleted object")
    return out


def problems(before, after):
    out = structure_problems(after)
    if out:
        return out
    a0, a1 = before.addresses(), after.addresses()
    at0 = {a: oid for oid, a in a0.items()}
    at1 = {a: oid for oid, a in a1.items()}
    for oid, a in a1.items():
        if a0.get(oid) != a and a in at0:
            out.append(f"{a} is a new address of object {oid} but held object {at0[a]} before")
    return out


def implied_against_truth(before, after):
    """The addresses where Terraform's own move when count comes or goes (x to x[0], x[0]
    to x) would put another object than the truth does: {new address: old address}."""
    at0 = {a: oid for oid, a in before.addresses().items()}
    out = {}
    for oid, a in after.addresses().items():
        if a.endswith("[0]") and a[: -len("[0]")] in at0 and at0[a[: -len("[0]")]] != oid:
            out[a] = a[: -len("[0]")]
        if not a.endswith("]") and a + "[0]" in at0 and at0[a + "[0]"] != oid:
            out[a] = a + "[0]"
    return out


def add_guards(rng, before, after):
    """Pins the ids of a few blocks' objects in a postcondition (the after-configuration
    only: the ids come from the before-state). Not where Terraform's implied move would put
    another object: plain terraform plan would fail, and the case would not be judged."""
    if rng.random() >= 0.35:
        return []
    implied_at = set(implied_against_truth(before, after))
    a1 = after.addresses()
    options = []
    for def_id, d in after.defs.items():
        for b, bd in d.blocks.items():
            oids = block_oids(after, def_id, b)
            if any(o in before.objs for o in oids) and not implied_at & {a1[o] for o in oids}:
                options.append((def_id, b))
    chosen = rng.sample(options, min(len(options), rng.randint(1, 2)))
    for def_id, b in chosen:
        after.defs[def_id].blocks[b].guard = True
    return chosen


def refactor(rng, before, n_ops):
    """Applies n_ops random operations to a copy of before. Returns (after, applied
    [(kind, touched oids)])."""
    w = before.clone()
    applied = []
    focus = set()
    ctx = Ctx(rng, before, focus)
    kinds = list(WEIGHTS)
    weights = [WEIGHTS[k] for k in kinds]
    for _ in range(n_ops):
        for _attempt in range(30):
            kind = rng.choices(kinds, weights)[0]
            trial = w.clone()
            res = OPS[kind](ctx, trial)
            if res is None:
                continue
            trial.reindex()
            if problems(before, trial):
                continue
            w = trial
            applied.append(res)
            focus |= res[1]
            break
    w.reindex()
    add_guards(rng, before, w)
    return w, applied


def truth(before, after):
    """oid -> (old address, new address) for every object in both worlds."""
    a0, a1 = before.addresses(), after.addresses()
    return {oid: (a0[oid], a1[oid]) for oid in a0 if oid in a1}
