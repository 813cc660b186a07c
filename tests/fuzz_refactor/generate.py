"""A seeded random configuration: nested local modules with count and for_each, objects
that depend on others by value (the id as it is, inside a string or a JSON document, read
directly or through a local), twins told apart by their dependents and twins truly
identical, helpers identical in every instance of a module beside members unique to each
instance, and lifecycle settings (create_before_destroy, ignore_changes,
replace_triggered_by, a postcondition that always passes)."""

from world import COUNT, EACH, MI, ONE, BlockDef, CallDef, ModDef, World

WORDS = ["web", "db", "queue", "cache", "role", "topic", "bucket", "dns", "vpc", "lb",
         "key", "log", "cert", "user", "job", "net", "disk", "zone", "app", "api"]
KEYS = ["east", "west", "blue", "green", "red", "alpha", "beta", "prod", "dev", "eu", "us"]


class Params:
    def __init__(self, max_depth=3, max_blocks=4, max_calls=2, max_instances=3, max_objects=60):
        self.max_objects = max_objects
        self.max_depth = max_depth
        self.max_blocks = max_blocks
        self.max_calls = max_calls
        self.max_instances = max_instances


def name(rng, w):
    return w.fresh(rng.choice(WORDS))


def keyname(rng, w):
    return w.fresh(rng.choice(KEYS))


def pick_rep(rng, one=0.5, count=0.2):
    r = rng.random()
    return ONE if r < one else COUNT if r < one + count else EACH


def instance_keys(rng, w, rep, p, fixed=None):
    if rep == ONE:
        return [None]
    n = rng.randint(1, p.max_instances)
    if rep == COUNT:
        return list(range(n))
    return fixed if fixed is not None else [keyname(rng, w) for _ in range(n)]


def build_structure(rng, w, p, def_id, depth):
    if depth >= p.max_depth:
        return
    low = 1 if depth == 0 and rng.random() < 0.85 else 0
    for _ in range(rng.randint(low, max(low, p.max_calls - depth // 2))):
        child = w.fresh("m")
        w.defs[child] = ModDef(dir=child)
        cname = name(rng, w)
        w.defs[def_id].calls[cname] = CallDef(pick_rep(rng, one=0.45, count=0.2), child)
        build_structure(rng, w, p, child, depth + 1)


def instantiate(rng, w, p, mi, shared_keys):
    """The instances of mi's module calls, and theirs. shared_keys: a call's for_each keys
    for every instance of its parent, once chosen (most calls have the same keys in each)."""
    d = w.defs[mi.def_id]
    for cname, call in d.calls.items():
        keys = instance_keys(rng, w, call.rep, p, fixed=shared_keys.get(call.def_id))
        if call.rep == EACH and call.def_id not in shared_keys and rng.random() < 0.8:
            shared_keys[call.def_id] = keys
        mi.children[cname] = {}
        for k in keys:
            child = MI(call.def_id)
            mi.children[cname][k] = child
            instantiate(rng, w, p, child, shared_keys)


def pick_format(rng, likely=0.4):
    """How a dependent holds an id: as it is (None), or inside a string."""
    r = rng.random()
    return None if r >= likely else "arn" if r < likely * 0.6 else "json"


def add_block(rng, w, p, def_id, created, twin_of=None, dependents_of=None, helper=False):
    """A new block in definition def_id, with one object per instance in each of its
    module instances. twin_of: copy another object's value (a twin across blocks).
    dependents_of: refer to each object of that block, one dependent per twin. helper: one
    value for every object of the block, whatever module instance or key it sits at (a
    policy document, a labels object, a count of identical volumes)."""
    d = w.defs[def_id]
    bname = name(rng, w)
    mis = w.mis_of(def_id)
    if dependents_of is not None:
        tdef, tblock = dependents_of
        bd = BlockDef(rep=w.defs[tdef].blocks[tblock].rep, has_d=True)
    else:
        bd = BlockDef(rep=pick_rep(rng, one=0.5, count=0.2))
    bd.cbd = rng.random() < 0.15
    bd.ignore = rng.random() < 0.08
    bd.local = rng.random() < 0.3
    bd.post = rng.random() < 0.12
    fmt = pick_format(rng, 0.6 if dependents_of is not None else 0.4)
    if helper:
        bd.rep = ONE if rng.random() < 0.6 else COUNT
    # Twins: one value for every instance of the block (a helper in each module instance).
    const = twin_of is None and dependents_of is None and bd.rep != ONE and rng.random() < 0.12
    const = const or (twin_of is None and dependents_of is None and len(mis) > 1 and rng.random() < 0.12)
    const = const or helper
    const_n = w.fresh("v") if const else None
    with_t = rng.random() < 0.2
    const_t = w.fresh("t") if const and with_t else None
    if twin_of is not None:
        src = w.objs[twin_of]
        bd.rep = ONE
        bd.has_d = src.d is not None
    elif dependents_of is None:
        bd.has_d = rng.random() < 0.4 and bool(created)
    strategy = rng.choice(["fixed", "relative", "relative", "random"])
    fixed = rng.choice(created) if created else None
    relative = [b for b in d.blocks if b != bname]
    rel_block = rng.choice(relative) if relative else None
    rtb_block = rng.choice(relative) if relative and rng.random() < 0.15 else None
    shared_keys = instance_keys(rng, w, bd.rep, p) if rng.random() < 0.8 else None
    d.blocks[bname] = bd
    new = []
    for mi in mis:
        if dependents_of is not None:
            keys = list(mi.objs.get(dependents_of[1], {}).keys())
        elif shared_keys is not None:
            keys = shared_keys
        else:
            keys = instance_keys(rng, w, bd.rep, p)
        mi.objs[bname] = {}
        for k in keys:
            if twin_of is not None:
                src = w.objs[twin_of]
                o = w.twin_obj(src)
            else:
                o = w.new_obj(const_n or w.fresh("v"), t=(const_t or w.fresh("t") if with_t else None), f=fmt)
                if dependents_of is not None:
                    o.d = ("ref", mi.objs[dependents_of[1]][k])
                elif bd.has_d:
                    o.d = pick_dependency(rng, w, mi, k, strategy, fixed, rel_block, created)
            if rtb_block is not None:
                o.rtb = same_instance_target(mi, rtb_block, k)
            mi.objs[bname][k] = o.oid
            new.append(o.oid)
    if const and bd.has_d and strategy != "fixed":
        # twins hold the same value only if they depend on the same object
        for oid in new:
            w.objs[oid].d = ("ref", fixed) if fixed is not None else ("lit", const_n)
    created.extend(new)
    return def_id, bname


def same_instance_target(mi, block, key):
    keyed = mi.objs.get(block, {})
    if not keyed:
        return None
    return keyed.get(key, next(iter(keyed.values())))


def pick_dependency(rng, w, mi, key, strategy, fixed, rel_block, created):
    if strategy == "relative" and rel_block is not None:
        target = same_instance_target(mi, rel_block, key)
        if target is not None:
            return ("ref", target)
    if strategy == "random" and created:
        return ("ref", rng.choice(created))
    if fixed is not None:
        return ("ref", fixed)
    return ("lit", w.fresh("x"))


def unique_blocks(w, def_id):
    """The blocks of def_id whose objects all differ in value from one another."""
    out = []
    for b in w.defs[def_id].blocks:
        values = [w.objs[oid].value() for mi in w.mis_of(def_id) for oid in mi.objs.get(b, {}).values()]
        if values and len(set(values)) == len(values):
            out.append(b)
    return out


def add_helpers(rng, w, p, created):
    """Helpers in modules called more than once: a block of one value in every instance (of
    the module and of the block), beside a block unique to each instance."""
    for def_id in list(w.defs):
        if def_id == "root" or len(w.mis_of(def_id)) < 2 or rng.random() < 0.4:
            continue
        if len(created) >= p.max_objects * 1.3:
            break
        add_block(rng, w, p, def_id, created, helper=True)
        if not unique_blocks(w, def_id):
            add_block(rng, w, p, def_id, created)


def generate(rng, p):
    w = World()
    build_structure(rng, w, p, "root", 0)
    instantiate(rng, w, p, w.root, {})
    w.reindex()
    created = []
    def_ids = list(w.defs)
    for _ in range(rng.randint(1, p.max_blocks) * max(1, len(def_ids))):
        if len(created) >= p.max_objects:
            break
        def_id = rng.choice(def_ids)
        if not w.mis_of(def_id):
            continue
        r = rng.random()
        if r < 0.1 and created:
            # twins across blocks: a copy of an object's value in a single block
            src = rng.choice(created)
            target_def = rng.choice([i for i in def_ids if len(w.mis_of(i)) == 1] or ["root"])
            add_block(rng, w, p, target_def, created, twin_of=src)
        elif r < 0.25:
            # twins told apart by their dependents: identical objects, each held by one
            tdef, tblock = add_block(rng, w, p, def_id, created)
            bd = w.defs[tdef].blocks[tblock]
            if bd.rep == ONE:
                bd.rep = rng.choice([COUNT, EACH])
                for mi in w.mis_of(tdef):
                    oid = mi.objs[tblock].pop(None)
                    keys = instance_keys(rng, w, bd.rep, p)
                    mi.objs[tblock][keys[0]] = oid
                    for k in keys[1:]:
                        src = w.objs[oid]
                        o = w.twin_obj(src)
                        mi.objs[tblock][k] = o.oid
                        created.append(o.oid)
            shared_n = w.fresh("v")
            for mi in w.mis_of(tdef):
                for oid in mi.objs[tblock].values():
                    w.objs[oid].n = shared_n
                    w.objs[oid].d = None
                    w.objs[oid].t = None
            bd.has_d = False
            if rng.random() < 0.8:
                add_block(rng, w, p, tdef, created, dependents_of=(tdef, tblock))
        else:
            add_block(rng, w, p, def_id, created)
    add_helpers(rng, w, p, created)
    w.prune_dead()
    return w
