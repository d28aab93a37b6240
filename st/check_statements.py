"""Statements: assignments, IF, CASE (labels constant, of the selector's type, not covered twice),
FOR, WHILE, REPEAT, EXIT and CONTINUE inside loops; a call statement goes to st/check_calls.py.
"""

from __future__ import annotations

from . import ast as A
from . import types as T
from .check_context import ERR, CheckContext, NotConst, VarInfo


class StatementChecks(CheckContext):
    # ------------------------------------------------------------------ statements
    def body(self, stmts: list[A.Stmt]) -> None:
        for s in stmts:
            try:
                self.stmt(s)
            except RecursionError:
                self.err(s, "E405", "statement nested too deeply")

    def stmt(self, s: A.Stmt) -> None:
        if isinstance(s, A.Assign):
            tt = self.lvalue(s.target)
            st = self.expr(s.value, expected=tt)
            if self.check_assignable(st, tt, s.value, "assign"):
                self.settle(s.value, tt)
        elif isinstance(s, A.RefAssign):
            self.ref_assign(s)
        elif isinstance(s, A.CallStmt):
            self.call(s.call, statement=True)
        elif isinstance(s, A.IfStmt):
            self.cond(s.condition)
            self.body(s.then_body)
            for b in s.elsifs:
                self.cond(b.condition)
                self.body(b.body)
            if s.else_body:
                self.body(s.else_body)
        elif isinstance(s, A.CaseStmt):
            self.case(s)
        elif isinstance(s, A.ForStmt):
            self.for_stmt(s)
        elif isinstance(s, A.WhileStmt):
            self.cond(s.condition)
            self.loop_depth += 1
            self.body(s.body)
            self.loop_depth -= 1
        elif isinstance(s, A.RepeatStmt):
            self.loop_depth += 1
            self.body(s.body)
            self.loop_depth -= 1
            self.cond(s.condition)
        elif isinstance(s, (A.ExitStmt, A.ContinueStmt)):
            if self.loop_depth == 0:
                word = "EXIT" if isinstance(s, A.ExitStmt) else "CONTINUE"
                self.err(s, "E404", f"{word} is only allowed inside FOR, WHILE or REPEAT")
        elif isinstance(s, (A.ReturnStmt, A.EmptyStmt)):
            pass

    def ref_assign(self, s: A.RefAssign) -> None:
        """r REF= x (CODESYS): r now refers to x (a REFERENCE TO; on a REF_TO it is r := REF(x))."""
        self.lvalue(s.target)
        ref = self.out.refs.get(id(s.target))
        if not (isinstance(ref, VarInfo) and isinstance(ref.type, T.RefT)):
            self.err(s.target, "E425", "REF= binds a REFERENCE TO variable: the target is not one")
            self.expr(s.value)
            return
        self.out.types[id(s.target)] = ref.type
        if isinstance(s.value, A.Name) and s.value.name.upper() == "NULL" and self.lookup_var("NULL") is None:
            self.out.types[id(s.value)] = T.NULL
            return
        t = self.referable(s.value, "REF=")
        if t is ERR:
            return
        self.check_assignable(T.RefT(t), T.RefT(ref.type.target), s.value, "bind")

    def cond(self, e: A.Expr) -> None:
        t = self.expr(e, expected=T.BOOL)
        if t is not ERR and not t.is_bool:
            self.err(e, "E320", f"a condition must be BOOL, not {t.name}")

    def case(self, s: A.CaseStmt) -> None:
        sel = self.expr(s.selector)
        if sel is not ERR and not (sel.is_intlike or sel.is_enum):
            self.err(s.selector, "E321", f"CASE needs an integer or enumeration selector, not {sel.name}")
            sel = ERR
        labels: list[tuple[A.Expr, int, int]] = []
        for br in s.branches:
            for lab in br.labels:
                if isinstance(lab, A.CaseRange):
                    lo = self.case_label(lab.low, sel)
                    hi = self.case_label(lab.high, sel)
                    if lo is not None and hi is not None and hi < lo:
                        self.err(lab, "E410", f"empty CASE range {lo}..{hi}")
                else:
                    lo = hi = self.case_label(lab, sel)
                if lo is None or hi is None or hi < lo:
                    continue
                labels.append((lab, lo, hi))
            self.body(br.body)
        covered = _covered_earlier([(lo, hi) for _, lo, hi in labels])
        for (lab, _lo, _hi), seen in zip(labels, covered, strict=True):
            if seen:
                self.warn(lab, "W403", "this CASE label is already covered by an earlier branch")
        if s.else_body:
            self.body(s.else_body)

    def case_label(self, e: A.Expr, sel: T.Type):
        if isinstance(e, A.Name) and isinstance(sel, T.EnumT) and e.name.lower() in sel.by_lower:
            val = sel.by_lower[e.name.lower()]
            self.out.types[id(e)] = sel
            self.out.consts[id(e)] = val
            return val
        t = self.expr(e, expected=sel if sel is not ERR else None)
        try:
            val = self.const_eval(e)
        except NotConst:
            self.err(e, "E410", "a CASE label must be a constant")
            return None
        if sel is ERR or t is ERR:
            return val if isinstance(val, int) else None
        if isinstance(sel, T.EnumT):
            if not (isinstance(t, T.EnumT) and t is sel):
                self.err(e, "E319", f"CASE label of type {t.name} does not match the selector's {sel.name}")
                return None
        elif not (isinstance(val, int) and not isinstance(val, bool)):
            self.err(e, "E319", f"CASE label must be an integer, not {t.name}")
            return None
        elif not T.literal_fits(val, sel):
            self.warn(e, "W404", f"CASE label {val} can never match a {sel.name} selector")
        self.out.consts[id(e)] = val
        return val

    def for_stmt(self, s: A.ForStmt) -> None:
        v = self.lookup_var(s.var)
        vt = ERR
        if v is None:
            name_node = A.Name(s.var, line=s.var_line or s.line, col=s.var_col or s.col)
            self.out.keep.append(name_node)
            self.undeclared(name_node)
        else:
            v.used = True
            v.written = True
            vt = v.type
            if v.constant:
                self.err_at(
                    s.var_line or s.line,
                    s.var_col or s.col,
                    "E401",
                    f"cannot use constant '{v.name}' as a FOR variable",
                )
            elif not vt.is_int and vt is not ERR:
                self.err_at(
                    s.var_line or s.line,
                    s.var_col or s.col,
                    "E322",
                    f"the FOR variable '{v.name}' must be an integer, not {vt.name}",
                )
                vt = ERR
        for part in (s.start, s.end, s.step):
            if part is None:
                continue
            pt = self.expr(part, expected=vt)
            if vt is not ERR and self.check_assignable(pt, vt, part, "use"):
                self.settle(part, vt)
        if s.step is not None:
            try:
                if self.const_eval(s.step) == 0:
                    self.err(s.step, "E315", "the FOR step is 0: the loop would never end")
            except NotConst:
                pass
        self.loop_depth += 1
        self.body(s.body)
        self.loop_depth -= 1


# ----------------------------------------------------------------------------- helpers


def _covered_earlier(ranges: list[tuple[int, int]]) -> list[bool]:
    """For each range lo..hi in order: does it share a value with an earlier one? In n log n (a CASE
    of 40k labels compared each with all before it took 27 s). Two ranges meet exactly when they
    share an endpoint value of one of them, so the values are those endpoints; a Fenwick tree
    counts the values covered so far, and `skip` jumps over the ones already marked."""
    points = sorted({v for r in ranges for v in r})
    index = {v: i for i, v in enumerate(points)}
    n = len(points)
    tree = [0] * (n + 1)
    skip = list(range(n + 1))  # skip[i]: the first value at or after i not yet covered

    def first_uncovered(i: int) -> int:
        root = i
        while skip[root] != root:
            root = skip[root]
        while skip[i] != root:
            skip[i], i = root, skip[i]
        return root

    def covered_up_to(i: int) -> int:  # values 0..i-1
        total = 0
        while i > 0:
            total += tree[i]
            i -= i & -i
        return total

    out = []
    for lo, hi in ranges:
        a, b = index[lo], index[hi]
        out.append(covered_up_to(b + 1) - covered_up_to(a) > 0)
        i = first_uncovered(a)
        while i <= b:
            j = i + 1
            while j <= n:
                tree[j] += 1
                j += j & -j
            skip[i] = i + 1
            i = first_uncovered(i + 1)
    return out
