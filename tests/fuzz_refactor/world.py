"""The fuzzer's model of one configuration and its state.

A world is a tree of module instances over module definitions. Each module call has a
definition of its own (its own source directory), shared by the call's instances, so a
definition-level change (a rename, a new for_each) reaches every instance of the call.
Each resource instance holds one object, which keeps its identity (`oid`) through a
refactor: the true identity mapping is where each oid was before and where it is after.

Every resource is a `terraform_data`. Its `input` is the plain string `n`, or, for an
object with a dependency, `{ n = ..., d = ... }` where `d` is another object's id (or a
literal once that object is gone), as it is or inside a string (`f`: `"arn:x:${id}"`, or a
`jsonencode` of a map that holds it). `t` is `triggers_replace`; `rtb` names the object
whose changes replace this one (`replace_triggered_by`, same module instance only). The
value of an object (`Obj.value`) is what Terraform compares: `n`, `t`, `d` and `f`.

A block may read its dependency through a `local` (`BlockDef.local`), carry a postcondition
that always passes (`post`), and, in the after-configuration only, a postcondition that pins
each object's id (`guard`: `self.id` must be the id the object had before the refactor,
where it had one), which fails the plan for any other pairing.
"""

import copy
from dataclasses import dataclass, field

ONE, COUNT, EACH = "one", "count", "each"


@dataclass
class Obj:
    oid: int
    n: str
    d: object = None  # None: input is the plain string n; ("lit", s) or ("ref", oid)
    t: object = None  # triggers_replace literal, or None (null)
    rtb: object = None  # oid whose change replaces this object, or None
    f: object = None  # how input.d holds the id: None (as it is), "arn" or "json" (inside a string)

    def value(self):
        """What Terraform compares: two objects with one value plan alike at one address."""
        return (self.n, self.t, self.d, self.f if self.d is not None else None)


@dataclass
class BlockDef:
    rep: str = ONE
    has_d: bool = False
    cbd: bool = False  # create_before_destroy
    ignore: bool = False  # ignore_changes = [input]
    local: bool = False  # input.d read through a `locals` entry
    post: bool = False  # a postcondition that always passes
    guard: bool = False  # a postcondition pinning each object's id (after-configuration only)


@dataclass
class CallDef:
    rep: str
    def_id: str


@dataclass
class ModDef:
    dir: str  # "" for the root module, else the directory under modules/
    blocks: dict = field(default_factory=dict)  # name -> BlockDef
    calls: dict = field(default_factory=dict)  # name -> CallDef


@dataclass
class MI:
    """A module instance: its blocks' objects by key, its calls' instances by key."""

    def_id: str
    objs: dict = field(default_factory=dict)  # block -> {key: oid}; key None, int or str
    children: dict = field(default_factory=dict)  # call -> {key: MI}
    path: tuple = ()  # ((call, key), ...), set by World.reindex


class World:
    def __init__(self):
        self.defs = {"root": ModDef(dir="")}
        self.root = MI("root")
        self.objs = {}
        self.counter = 0

    def clone(self):
        return copy.deepcopy(self)

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def new_obj(self, n, d=None, t=None, f=None):
        self.counter += 1
        o = Obj(self.counter, n, d, t, f=f)
        self.objs[o.oid] = o
        return o

    def twin_obj(self, src):
        """A new object with src's value."""
        return self.new_obj(src.n, src.d, src.t, src.f)

    # --- traversal -------------------------------------------------------------------

    def reindex(self):
        def walk(mi, path):
            mi.path = path
            for call, insts in mi.children.items():
                for key, child in insts.items():
                    walk(child, path + ((call, key),))

        walk(self.root, ())

    def mis(self):
        out = []

        def walk(mi):
            out.append(mi)
            for insts in mi.children.values():
                for child in insts.values():
                    walk(child)

        walk(self.root)
        return out

    def mis_of(self, def_id):
        return [mi for mi in self.mis() if mi.def_id == def_id]

    def parent_of(self, def_id):
        """(parent definition, call name) of a definition; None for the root."""
        for pid, d in self.defs.items():
            for cname, c in d.calls.items():
                if c.def_id == def_id:
                    return pid, cname
        return None

    def def_depth(self, def_id):
        depth = 0
        while def_id != "root":
            def_id = self.parent_of(def_id)[0]
            depth += 1
        return depth

    def locate(self):
        """oid -> (module instance, block, key)."""
        where = {}
        for mi in self.mis():
            for block, keyed in mi.objs.items():
                for key, oid in keyed.items():
                    where[oid] = (mi, block, key)
        return where

    def addresses(self):
        """oid -> its resource instance address."""
        return {oid: address(mi.path, block, key) for oid, (mi, block, key) in self.locate().items()}

    def live(self):
        return set(self.locate())

    def prune_dead(self):
        """Forget objects no instance holds any more."""
        alive = self.live()
        self.objs = {oid: o for oid, o in self.objs.items() if oid in alive}

    def subtree_oids(self, mi):
        out = []

        def walk(m):
            for keyed in m.objs.values():
                out.extend(keyed.values())
            for insts in m.children.values():
                for child in insts.values():
                    walk(child)

        walk(mi)
        return out


def key_suffix(key):
    if key is None:
        return ""
    if isinstance(key, int):
        return f"[{key}]"
    return f'["{key}"]'


def module_prefix(path):
    return "".join(f"module.{call}{key_suffix(key)}." for call, key in path)


def address(path, block, key):
    return f"{module_prefix(path)}terraform_data.{block}{key_suffix(key)}"
