"""What the plans say, against the truth the generator knows.

The oracle is Terraform planning the after-configuration with the true moved blocks: a
true move it plans with no change (no-op with previous_address) is "confirmed"; one it
plans with an update or a replace is not counted for completeness.

tfw's moves are the moves of its final plan (previous_address in `show -json`). A move of
object f to address A is right when the truth puts f at A. Otherwise it is right only when
nothing can tell f from the object the truth puts there: the same value (the same
literals, and a dependency on the same object, or on objects that tfw's own moves put in
each other's place, or on an object that tfw left to a new one, which every candidate then
refers to alike), and every object that holds the other one's id in its state and
still refers to A holds f's id instead (or changes anyway); where f's own true address is
left to a new object, nothing that stays may hold f's id there. A new object with exactly
the value an object had counts as that object's twin, even where the truth moved the object
elsewhere with a change: nothing in the plan tells which of the two the object became.
Anything else is a wrong move. Terraform's own implied move (x to x[0] when count comes,
x[0] to x when it goes) that tfw keeps without reporting it is not tfw's claim: where the
truth differs, it is counted apart ("implied_against"), and the true moves it displaces
are misses (issue 47: implied moves are hypotheses too).

A confirmed move is a true tie, left out of "completeness without true ties", only where
nothing tells the object from a twin: not its value (the id it holds, however it holds
it), not the objects holding its id, not a postcondition pinning an id, and not the module
instance it sits in, whose other members show where that instance went (instance_map).
"""

import re

ZERO = re.compile(r"^(.*)\[0\]$")


def plan_changes(plan_json):
    return [c for c in plan_json.get("resource_changes", []) if c.get("mode", "managed") == "managed"]


def plan_moves(plan_json):
    """{previous address: (address, actions)}."""
    return {c["previous_address"]: (c["address"], tuple(c["change"]["actions"]))
            for c in plan_changes(plan_json) if c.get("previous_address")}


def implied(prev, addr):
    """Terraform's own move when count comes (x to x[0]) or goes (x[0] to x)."""
    m = ZERO.match(addr)
    if m and m.group(1) == prev:
        return True
    m = ZERO.match(prev)
    return bool(m and m.group(1) == addr)


def covers(move_from, move_to, prev, addr):
    """Whether a reported move (possibly of a whole resource or module) covers the
    instance move prev -> addr."""
    if prev == move_from:
        return addr == move_to
    for sep in (".", "["):
        if prev.startswith(move_from + sep):
            return addr == move_to + prev[len(move_from):]
    return False


def common_prefix(paths):
    paths = list(paths)
    out = paths[0]
    for p in paths[1:]:
        n = 0
        while n < min(len(out), len(p)) and out[n] == p[n]:
            n += 1
        out = out[:n]
    return out


class Judge:
    def __init__(self, before, after, applied):
        self.w0, self.w1 = before, after
        self.a0, self.a1 = before.addresses(), after.addresses()
        self.at0 = {a: oid for oid, a in self.a0.items()}
        self.at1 = {a: oid for oid, a in self.a1.items()}
        self.where0, self.where1 = before.locate(), after.locate()
        self._images = None
        self.tags = {}
        for kind, touched in applied:
            for oid in touched:
                self.tags.setdefault(oid, []).append(kind)
        self.n_ops = len(applied)

    # --- the truth -------------------------------------------------------------------

    def true_moves(self):
        return [(self.a0[oid], self.a1[oid]) for oid in self.a0
                if oid in self.a1 and self.a0[oid] != self.a1[oid]]

    def holders(self, oid):
        """Objects that hold oid's id in their state and still refer to it after, and
        whose plan compares what they refer to: `ignore_changes = [input]` keeps the
        state's input, so such a holder plans no change whichever twin it is given. The
        model knows what each object refers to, so a holder is one however it holds the id:
        as it is, inside a string or a JSON document, directly or through a local (issue 47:
        a holder is found by containment, not by equality)."""
        return [r for r, o in self.w0.objs.items()
                if o.d == ("ref", oid) and r in self.w1.objs and self.w1.objs[r].d == ("ref", oid)
                and not self.ignores_changes(r)]

    def ignores_changes(self, oid):
        mi, block, _ = self.where1[oid]
        return self.w1.defs[mi.def_id].blocks[block].ignore

    def guarded(self, oid):
        """Whether oid's new block pins its id in a postcondition: any other object that
        exists before fails the plan there."""
        if oid not in self.w0.objs or oid not in self.where1:
            return False
        mi, block, _ = self.where1[oid]
        return self.w1.defs[mi.def_id].blocks[block].guard

    def indistinguishable(self, f, g):
        """Two objects with the same value that nothing staying tells apart: a true tie.
        A postcondition pinning either one's id at its new address tells two objects that
        exist before apart (the other pairing fails the plan); a created object has no id to
        pin, and the creation a wrong pairing leaves plans (its check waits for the apply)."""
        of, og = self.w0.objs[f], self.w0.objs.get(g) or self.w1.objs[g]
        if of.value() != og.value():
            return False
        if g in self.w0.objs and (self.guarded(f) or self.guarded(g)):
            return False
        return not self.holders(f) and (g not in self.w0.objs or not self.holders(g))

    def value_twins(self, g):
        """The objects that a plan without moves deletes or creates and that neither their
        value nor what holds their ids tells from g (moved or deleted ones by oid, created
        ones too)."""
        twins = [f for f in self.w0.objs
                 if f != g and self.a1.get(f) != self.a0[f] and self.indistinguishable(f, g)]
        twins += [c for c in self.w1.objs if c not in self.w0.objs and self.indistinguishable(g, c)]
        return twins

    def value_tied(self, g):
        """Issue 32's narrower definition of a true tie, kept to report both figures: a twin
        by value and holders alone, wherever the two objects sit."""
        return bool(self.value_twins(g))

    def tied(self, g):
        """Whether the confirmed move of g is a true tie: a twin by value and holders
        (value_twins) that the module instances do not tell apart either (instance_told).
        A user loses an object that the instance it sits in tells apart as surely as one its
        value tells apart: identical helpers of a module instance go where their instance
        goes (issue 47)."""
        twins = self.value_twins(g)
        return bool(twins) and not self.instance_told(g, twins)

    def instance_map(self):
        """{old module instance path A: the new path B it went to}, as the objects that tell
        themselves apart show it (witnesses: an object whose value is unchanged and that has
        no value twin). A witness at A + T before and B + T after (the same place T within,
        moved or not) shows A going to B; A goes to the longest path that all of A's images
        start with, so that an instance whose members partly stay and partly go into a new
        child module (a wrap, a resource moved into a child module) goes to itself. There is
        no mapping where that is the root (one old instance whose witnesses go to two new
        ones), and none for two old instances, neither inside the other, that go to one new
        instance (their members merge there: the instance tells them not apart); of nested
        ones going to one new instance, the outermost keeps it. The root module is no
        instance that goes anywhere."""
        if self._images is not None:
            return self._images
        where0 = self.where0
        images = {}
        for w in self.w0.objs:
            if w not in self.w1.objs or w not in self.where1:
                continue
            if self.w0.objs[w].value() != self.w1.objs[w].value() or self.value_twins(w):
                continue  # only an object that pairs exactly, and alone, is a witness
            p0, p1 = where0[w][0].path, self.where1[w][0].path
            for i in range(1, len(p0) + 1):
                a, t = p0[:i], p0[i:]
                if len(t) > len(p1) or p1[len(p1) - len(t):] != t:
                    continue
                images.setdefault(a, set()).add(p1[:len(p1) - len(t)])
        mapping = {}
        for a, bs in images.items():
            b = common_prefix(bs)
            if b:
                mapping[a] = b
        by_b = {}
        for a, b in mapping.items():
            by_b.setdefault(b, []).append(a)
        for b, olds in by_b.items():
            outer = [a for a in olds if not any(len(o) < len(a) and a[:len(o)] == o for o in olds)]
            for a in olds:
                if len(outer) > 1 or a != outer[0]:
                    del mapping[a]
        self._images = mapping
        return mapping

    def instance_told(self, g, twins):
        """Whether a module instance mapping tells g from its twins: some instance A that g
        sits in before goes to an instance B (instance_map) that g sits in after, and no
        twin of g goes from A into B too (any twin that does is as good as g there), or g
        keeps its place within (its relative address) as its instance moves."""
        where0 = self.where0
        p0, p1 = where0[g][0].path, self.where1[g][0].path
        rel0 = (where0[g][1], where0[g][2])
        rel1 = (self.where1[g][1], self.where1[g][2])
        mapping = self.instance_map()
        for i in range(1, len(p0) + 1):
            a = p0[:i]
            b = mapping.get(a)
            if b is None or p1[:len(b)] != b:
                continue
            j = len(b)
            kept = (p0[i:], rel0) == (p1[j:], rel1)
            rivals = []
            for f in twins:
                f0 = where0[f][0].path if f in where0 else None
                f1 = self.where1[f][0].path if f in self.where1 else None
                if (f0 is None or f0[:i] == a) and (f1 is None or f1[:j] == b):
                    rivals.append(f)
            if kept or not rivals:
                return True
        return False

    def unprovable(self, g, changed):
        """Why the oracle's no change for g's true move vouches for nothing a plan can show,
        or "". "hidden": its value changed only in the input its new block ignores
        (`ignore_changes`), where a rename plans as a deletion beside an unrelated creation
        does (findings/ignore_changes_adopts_unrelated, seed 700's 425070444). "leans": it
        refers to, or is replaced by, an object whose true move Terraform plans with a
        change (`changed`), a real update the default policy only proposes: without that
        move, g plans a change too. The oracle planned it in the company of that move."""
        of, og = self.w0.objs[g], self.w1.objs[g]
        if self.ignores_changes(g) and of.t == og.t and of.value() != og.value():
            return "hidden"
        if (og.d is not None and og.d[0] == "ref" and og.d[1] in changed) or og.rtb in changed:
            return "leans"
        return ""

    # --- tfw's moves -----------------------------------------------------------------

    def occupant(self, moved_to, addr):
        """The old object at addr under tfw's moves, or None for a creation."""
        if addr in moved_to:
            return moved_to[addr]
        oid = self.at0.get(addr)
        if oid is not None and oid not in self.moved_from:
            return oid
        return None

    def acceptable(self, f, addr, moved_to):
        """Whether tfw's move of f to addr (not the truth) is indistinguishable from it."""
        g = self.at1.get(addr)
        if g is None:
            return False
        of = self.w0.objs[f]
        if g in self.w0.objs:
            og = self.w0.objs[g]
            if (of.n, of.t) != (og.n, og.t) or (of.d is None) != (og.d is None):
                return False
            if of.d is not None and of.f != og.f:
                return False
            if of.d != og.d:
                if of.d[0] != "ref" or og.d[0] != "ref" or og.d[1] not in self.a1:
                    return False
                if self.moved.get(of.d[1]) != self.a1[og.d[1]]:
                    return False
        else:
            og = self.w1.objs[g]
            if (of.n, of.t) != (og.n, og.t) or (of.d is None) != (og.d is None):
                return False
            if of.d is not None and of.f != og.f:
                return False
            if og.d is not None:
                if og.d[0] == "lit":
                    if of.d != og.d:
                        return False
                elif of.d == og.d and self.occupant(moved_to, self.a1[og.d[1]]) is None:
                    # tfw left a new object where what both refer to goes: every candidate
                    # refers to that one, the truth's too, so the reference tells nothing.
                    pass
                elif of.d != ("ref", self.occupant(moved_to, self.a1[og.d[1]])):
                    return False
        if f in self.a1 and self.occupant(moved_to, self.a1[f]) is None:
            # f's true address is left to a new object: what holds f's id there changes.
            for r, o in self.w1.objs.items():
                holder = self.occupant(moved_to, self.a1[r]) if o.d == ("ref", f) else None
                if holder is not None and holder in self.w0.objs and self.w0.objs[holder].d == ("ref", f):
                    return False
        for r, o in self.w1.objs.items():
            if o.d != ("ref", g):
                continue
            holder = self.occupant(moved_to, self.a1[r])
            if holder is None or holder not in self.w0.objs:
                continue
            holds = self.w0.objs[holder].d
            if holds == ("ref", f):
                continue
            if holder == r and holds != ("ref", g):
                continue  # it changes whoever is at addr
            return False
        return True

    def judge(self, oracle_json, tfw_json, report):
        moves = plan_moves(tfw_json)
        self.moved_from = set()
        self.moved = {}
        moved_to = {}
        unknown = []
        for prev, (addr, _) in moves.items():
            f = self.at0.get(prev)
            if f is None:
                unknown.append(prev)
                continue
            self.moved_from.add(f)
            self.moved[f] = addr
            moved_to[addr] = f
        out = {"wrong": [], "twin_swaps": [], "not_pure": [], "unreported": [],
               "implied_changed": [], "implied_against": [], "confirmed": [], "found": [], "missed": [],
               "oracle_changed": [], "oracle_unexpected": [], "tfw_unknown": unknown}
        # Every reported move is carried out, with no change.
        reported = [(m["from"], m["to"]) for m in report.get("moves", [])]
        covered = set()
        for mf, mt in reported:
            hits = [(p, a, act) for p, (a, act) in moves.items() if covers(mf, mt, p, a)]
            if not hits:
                out["not_pure"].append((mf, mt, "not in the final plan"))
            for p, a, act in hits:
                covered.add(p)
                if act != ("no-op",):
                    out["not_pure"].append((p, a, "+".join(act)))
        for p, (a, act) in moves.items():
            if p in covered:
                continue
            if implied(p, a):
                if act != ("no-op",):
                    out["implied_changed"].append((p, a, "+".join(act)))
            else:
                out["unreported"].append((p, a, "+".join(act)))
        # Every move that is not the truth is wrong, unless nothing tells the two objects
        # apart. Terraform's own implied move (x to x[0] when count comes, x[0] to x when it
        # goes) that tfw kept without reporting it is not tfw's claim, but where the truth
        # puts another object there or this one elsewhere, a user who keeps it loses objects
        # (issue 47): it is counted apart, and the true moves it displaces are misses.
        for prev, (addr, actions) in moves.items():
            f = self.at0.get(prev)
            if f is None or self.a1.get(f) == addr:
                continue
            if self.acceptable(f, addr, moved_to):
                out["twin_swaps"].append((prev, addr))
            elif implied(prev, addr) and prev not in covered:
                g = self.at1.get(addr)
                if f in self.a1 or (g is not None and g in self.w0.objs):
                    out["implied_against"].append((prev, addr, self.a1.get(f, "(deleted)"), "+".join(actions)))
            else:
                out["wrong"].append((prev, addr, self.a1.get(f, "(deleted)")))
        kept_implied = {m[0] for m in out["implied_against"]} | {m[1] for m in out["implied_against"]}
        # Completeness against the oracle.
        truth = set(self.true_moves())
        swaps = set(out["twin_swaps"])
        changed = {self.at0[prev] for prev, (addr, actions) in plan_moves(oracle_json).items()
                   if (prev, addr) in truth and actions != ("no-op",)}
        for prev, (addr, actions) in plan_moves(oracle_json).items():
            if (prev, addr) not in truth:
                if not implied(prev, addr):  # Terraform's own, in an instance that goes
                    out["oracle_unexpected"].append((prev, addr))
                continue
            g = self.at0[prev]
            entry = {"from": prev, "to": addr, "tags": sorted(set(self.tags.get(g, []))),
                     "tie": self.tied(g), "value_tie": self.value_tied(g),
                     "unprovable": self.unprovable(g, changed)}
            if actions != ("no-op",):
                out["oracle_changed"].append(entry)
                continue
            out["confirmed"].append(entry)
            f = moved_to.get(addr)
            if f is not None and (f == g or (self.a0[f], addr) in swaps):
                out["found"].append(entry)
            else:
                entry = dict(entry, tfw=self.moved.get(g, "not moved"),
                             implied=prev in kept_implied or addr in kept_implied)
                out["missed"].append(entry)
        return out


def write_problems(tfw_json, written_json):
    """Differences between the moves tfw planned and the moves plain terraform plans
    once tfw wrote them: (only in tfw's plan, only in terraform's, moves of objects both
    plans destroy). A written block that also moves an object of a module instance that
    goes, which Terraform then destroys at its new address, changes what the plan says
    but not what it does: that last kind is counted apart."""
    a = {(p, addr, act) for p, (addr, act) in plan_moves(tfw_json).items()}
    b = {(p, addr, act) for p, (addr, act) in plan_moves(written_json).items()}
    destroyed = sorted(m for m in a ^ b if m[2] == ("delete",))
    return sorted(m for m in a - b if m[2] != ("delete",)), sorted(m for m in b - a if m[2] != ("delete",)), destroyed
