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
Anything else is a wrong move.
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
        state's input, so such a holder plans no change whichever twin it is given."""
        return [r for r, o in self.w0.objs.items()
                if o.d == ("ref", oid) and r in self.w1.objs and self.w1.objs[r].d == ("ref", oid)
                and not self.ignores_changes(r)]

    def ignores_changes(self, oid):
        mi, block, _ = self.where1[oid]
        return self.w1.defs[mi.def_id].blocks[block].ignore

    def indistinguishable(self, f, g):
        """Two objects with the same value that nothing staying tells apart: a true tie."""
        of, og = self.w0.objs[f], self.w0.objs.get(g) or self.w1.objs[g]
        if (of.n, of.t, of.d) != (og.n, og.t, og.d):
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

    def instance_images(self):
        """{old module instance path A: the set of new paths B it maps to}, as the objects
        that tell themselves apart (no value twin) show it: an object at A + T before and
        B + T after (the same place T within, moved or not) maps A to B. One old instance
        whose distinguishable objects go to two new ones has two images: no mapping."""
        if self._images is not None:
            return self._images
        where0 = self.where0
        images = {}
        for w in self.w0.objs:
            if w not in self.w1.objs or w not in self.where1:
                continue
            ow, nw = self.w0.objs[w], self.w1.objs[w]
            if (ow.n, ow.t, ow.d) != (nw.n, nw.t, nw.d) or self.value_twins(w):
                continue  # only an object that pairs exactly, and alone, is a witness
            p0, p1 = where0[w][0].path, self.where1[w][0].path
            for i in range(len(p0) + 1):
                a, t = p0[:i], p0[i:]
                if len(t) > len(p1) or p1[len(p1) - len(t):] != t:
                    continue
                b = p1[:len(p1) - len(t)]
                if a == () and b == ():
                    continue  # root to root tells nothing
                images.setdefault(a, set()).add(b)
        self._images = images
        return images

    def instance_told(self, g, twins):
        """Whether a module instance mapping tells g from its twins: some instance A that g
        sits in before maps to exactly one instance B (instance_images) that g sits in after,
        and no twin of g goes from A into B too, or g keeps its place within (its relative
        address) as its instance moves whole."""
        where0 = self.where0
        p0, p1 = where0[g][0].path, self.where1[g][0].path
        rel0 = (p0, where0[g][1], where0[g][2])
        rel1 = (p1, self.where1[g][1], self.where1[g][2])
        images = self.instance_images()
        for i in range(len(p0) + 1):
            a = p0[:i]
            for j in range(len(p1) + 1):
                b = p1[:j]
                if (a, b) == ((), ()) or images.get(a) != {b}:
                    continue
                kept = (rel0[0][i:], rel0[1], rel0[2]) == (rel1[0][j:], rel1[1], rel1[2])
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
        if self.ignores_changes(g) and of.t == og.t and (of.n, of.d) != (og.n, og.d):
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
            if of.d != og.d:
                if of.d[0] != "ref" or og.d[0] != "ref" or og.d[1] not in self.a1:
                    return False
                if self.moved.get(of.d[1]) != self.a1[og.d[1]]:
                    return False
        else:
            og = self.w1.objs[g]
            if (of.n, of.t) != (og.n, og.t) or (of.d is None) != (og.d is None):
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
               "implied_changed": [], "confirmed": [], "found": [], "missed": [],
               "oracle_changed": [], "oracle_unexpected": [], "tfw_unknown": unknown}
        for prev, (addr, actions) in moves.items():
            f = self.at0.get(prev)
            if f is None or implied(prev, addr) or self.a1.get(f) == addr:
                continue
            if self.acceptable(f, addr, moved_to):
                out["twin_swaps"].append((prev, addr))
            else:
                out["wrong"].append((prev, addr, self.a1.get(f, "(deleted)")))
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
                entry = dict(entry, tfw=self.moved.get(g, "not moved"))
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
