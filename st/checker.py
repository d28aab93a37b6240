"""Semantic checker: resolves every name, types every expression, reports what is wrong.

Input: the parser's ``ast.SourceFile``. Output: a ``CheckedProgram`` holding the symbol
tables and side tables keyed by ``id(node)`` (AST nodes have slots, so types and resolved
references live here): ``types`` (expression -> Type), ``refs`` (Name -> what it names),
``calls`` (Call -> CallInfo), ``consts`` (expression -> folded compile-time value).
The code generator reads only these; it never re-interprets source text.

This module is the entry point: ``Checker`` composes the parts, each of one job, and ``run``
orders them over a file (type declarations, POU shells, globals, interfaces, bodies, then the
whole-program checks). The parts: st/check_context.py (tables, results, the shared state and
diagnostics), st/check_declarations.py (declarations and types), st/check_expressions.py
(expressions), st/check_statements.py (statements), st/check_calls.py (calls). The names other
modules import from here (``check``, ``VarInfo``, ``CheckedProgram`` ...) stay importable here.
"""

from __future__ import annotations

from . import ast as A
from . import stdlib
from . import types as T
from .check_context import (
    _GENERIC_VALUES,
    BCD_CONVERSIONS,
    ERR,
    MAX_ARRAY_ELEMENTS,
    MAX_CONST_BITS,
    MAX_HINTS,
    MAX_STORAGE,
    MAX_TYPE_DEPTH,
    OPERATOR_FUNCTIONS,
    STD_FUNCTIONS,
    CallInfo,
    CheckContext,
    CheckedProgram,
    ConstTooLarge,
    EnumRef,
    NotConst,
    PouInfo,
    VarInfo,
    _addr_ident,
    _cycle_groups,
    _describe,
    _intish,
    _parse_conversion,
    f32,
    std_fb_interfaces,
    std_names,
)
from .check_declarations import DeclarationChecks, coerce_const

__all__ = [
    "BCD_CONVERSIONS",
    "ERR",
    "MAX_ARRAY_ELEMENTS",
    "MAX_CONST_BITS",
    "MAX_HINTS",
    "MAX_STORAGE",
    "MAX_TYPE_DEPTH",
    "OPERATOR_FUNCTIONS",
    "STD_FUNCTIONS",
    "CallInfo",
    "CheckContext",
    "CheckedProgram",
    "Checker",
    "ConstTooLarge",
    "EnumRef",
    "NotConst",
    "PouInfo",
    "VarInfo",
    "check",
    "check_expression",
    "coerce_const",
    "date_result",
    "f32",
    "std_fb_interfaces",
    "std_names",
]


class Checker(DeclarationChecks):
    """One check of one file: the parts' methods on one shared state (st/check_context.py)."""

    # ------------------------------------------------------------------ driver
    def run(self) -> CheckedProgram:
        sf = self.sf
        for td in sf.types:
            key = td.name.lower()
            if key in self.type_decls or key in self.out.types_by_name:
                self.err(td, "E202", f"type '{td.name}' is declared twice")
                continue
            if td.name.upper() in T.ELEMENTARY or td.name.upper() in self.fb_ifaces:
                self.err(td, "E204", f"'{td.name}' is a standard type name and cannot be redeclared")
                continue
            self.check_identifier(td.name, td.line, td.col)
            self.type_decls[key] = td
        for td in sf.types:
            self.resolve_named(td.name, td)
        # POU shells first so that bodies can call any POU in the file
        for p in sf.pous:
            key = p.name.lower()
            if key in self.out.pous or key in self.type_decls:
                self.err_at(
                    p.name_line or p.line, p.name_col or p.col, "E202", f"'{p.name}' is declared twice"
                )
                continue
            if p.name.upper() in self.std_names or p.name.upper() in T.ELEMENTARY:
                self.err_at(
                    p.name_line or p.line,
                    p.name_col or p.col,
                    "E204",
                    f"'{p.name}' is a standard name and cannot name a {p.kind}",
                )
                continue
            self.check_identifier(p.name, p.name_line or p.line, p.name_col or p.col)
            info = PouInfo(p.name, p.kind, p)
            if p.kind != "FUNCTION":
                info.fbtype = T.FBT(p.name, info.pyname)
                info.fbtype.pou = info
            self.out.pous[key] = info
        # globals (top level, configurations, resources)
        sections = list(sf.global_sections)
        for c in sf.configurations:
            sections += c.global_sections
            for r in c.resources:
                sections += r.global_sections
        for sec in _constants_first(sections):
            self.declare_section(sec, None, self.out.globals)
        # a VAR_GLOBAL inside a PROGRAM is a global of the file (CODESYS GVL style): declared before
        # any POU's VAR_EXTERNAL looks for it, whichever POU comes first in the file
        for info in self.out.pous.values():
            self.pou = info
            for sec in _constants_first(info.node.var_sections):
                if sec.kind == "VAR_GLOBAL":
                    self.declare_section(sec, info, info.vars)
        # POU interfaces before bodies (a body may use another FB's outputs)
        for info in self.out.pous.values():
            self.pou = info
            if info.kind == "FUNCTION":
                rt = info.node.return_type
                info.return_type = self.resolve_type(rt) if rt is not None else None
                if info.return_type is not None:
                    info.vars[info.lname] = VarInfo(
                        info.name, info.return_type, "RESULT", info.node.line, info.node.col, owner=info
                    )
            # constants first: one may bound an array declared above it (CODESYS, matiec); the table
            # keeps the order of the source for the watch tree and the instance's members
            for sec in _constants_first(info.node.var_sections):
                if sec.kind != "VAR_GLOBAL":
                    self.declare_section(sec, info, info.vars)
            ordered = sorted(info.vars.items(), key=_source_order)
            info.vars.clear()
            info.vars.update(ordered)
            if info.fbtype is not None:
                info.fbtype.vars = info.vars
        self.pou = None
        self.check_fb_nesting()
        for info in self.out.pous.values():
            self.pou = info
            self.loop_depth = 0
            self.body(info.node.body)
        self.pou = None
        self.check_recursion()
        self.choose_main()
        if not self.bag.has_errors:
            self.check_storage()
        self.unused_warnings()
        return self.out

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

    # ------------------------------------------------------------------ constants
    def const_eval(self, e):
        """Fold a constant expression to a Python value, or raise NotConst. Each node is folded once
        (the checker asks at every node of an expression: without the memo that was quadratic). A
        plain NotConst is not kept: a name may become constant once its declaration is checked."""
        key = id(e)
        memo = self.const_memo.get(key)
        if memo is not None:
            if isinstance(memo[0], NotConst):
                raise memo[0]
            return memo[0]
        value = self._const_eval(e)
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_CONST_BITS:
            exc = ConstTooLarge()
            self.err(e, "E304", "this constant expression is too large for any ST type")
            self.const_memo[key] = (exc,)
            raise exc
        self.const_memo[key] = (value,)
        self.out.keep.append(e)
        return value

    def _const_eval(self, e):
        if isinstance(e, A.IntLiteral):
            return e.value
        if isinstance(e, A.RealLiteral):
            return e.value
        if isinstance(e, A.BoolLiteral):
            return e.value
        if isinstance(e, A.TimeLiteral):
            return _ns_to_value(e.nanoseconds, e.type_prefix)
        if isinstance(e, A.DateTimeLiteral):
            return e.value
        if isinstance(e, A.StringLiteral):
            return e.value
        if isinstance(e, A.EnumLiteral):
            et = self.out.enums.get(e.type_name.lower())
            if et is None and e.type_name.lower() in self.type_decls:
                et = self.resolve_named(e.type_name, e)
            if isinstance(et, T.EnumT) and e.value_name.lower() in et.by_lower:
                return et.by_lower[e.value_name.lower()]
            raise NotConst
        if isinstance(e, A.Name):
            key = e.name.lower()
            v = None
            if self.pou is not None:
                v = self.pou.vars.get(key)
            if v is None:
                v = self.out.globals.get(key)
            if v is not None:
                if v.constant and v.init is not None and not isinstance(v.init, (list, dict)):
                    return v.init
                raise NotConst
            hits = self.enums_with(key)
            if len(hits) == 1:
                return hits[0].by_lower[key]
            raise NotConst
        if isinstance(e, A.UnaryOp):
            x = self.const_eval(e.operand)
            if e.op == "-" and isinstance(x, (int, float)) and not isinstance(x, bool):
                return -x
            if e.op == "+":
                return x
            if e.op == "NOT" and isinstance(x, bool):
                return not x
            raise NotConst
        if isinstance(e, A.BinaryOp):
            a, b = self.const_eval(e.left), self.const_eval(e.right)
            if isinstance(a, bool) or isinstance(b, bool):
                if e.op in ("AND", "OR", "XOR") and isinstance(a, bool) and isinstance(b, bool):
                    return {"AND": a and b, "OR": a or b, "XOR": a != b}[e.op]
                raise NotConst
            if not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
                raise NotConst
            lt, rt = self.out.types.get(id(e.left), ERR), self.out.types.get(id(e.right), ERR)
            if lt.is_date or rt.is_date:
                if date_result(e.op, lt, rt) is None or not (isinstance(a, int) and isinstance(b, int)):
                    raise NotConst
                return stdlib.date_arith(e.op, T.concrete(lt).kind, T.concrete(rt).kind, a, b)
            ints = isinstance(a, int) and isinstance(b, int)
            op = e.op
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return a * b
            if op in ("/", "MOD") and ints:
                if b == 0:
                    raise NotConst
                return stdlib.idiv(a, b) if op == "/" else stdlib.imod(a, b)  # as the program computes
            if op == "/" and b != 0:
                return a / b
            if ints and op in ("AND", "OR", "XOR"):
                return {"AND": a & b, "OR": a | b, "XOR": a ^ b}[op]
            raise NotConst
        raise NotConst

    # ------------------------------------------------------------------ names
    def undeclared(self, e: A.Name) -> None:
        if self.hints_left <= 0:  # not even the candidates: listing them is what costs
            self.err(e, "E201", f"'{e.name}' is not declared")
            return
        cands = []
        if self.pou is not None:
            cands += [v.name for v in self.pou.vars.values()]
        cands += [v.name for v in self.out.globals.values()]
        for et in self.out.enums.values():
            cands += [n for n, _ in et.values]
        cands += [p.name for p in self.out.pous.values()]
        hint = self.hint(e.name, cands)
        self.err(e, "E201", f"'{e.name}' is not declared" + (f"; {hint}" if hint else ""))

    def resolve_name(self, e: A.Name) -> T.Type:
        v = self.lookup_var(e.name)
        if v is not None:
            if v.kind == "RESULT" and self.pou is not None and self.pou.kind == "FUNCTION":
                pass
            self.out.refs[id(e)] = v
            v.used = True
            return v.type
        key = e.name.lower()
        hits = self.enums_with(key)
        if len(hits) == 1:
            self.out.refs[id(e)] = EnumRef(hits[0], hits[0].by_lower[key])
            self.out.consts[id(e)] = hits[0].by_lower[key]
            return hits[0]
        if len(hits) > 1:
            names = ", ".join(f"{et.name}#{e.name}" for et in hits)
            self.err(e, "E205", f"'{e.name}' is a value of several enumerations: write {names}")
            return ERR
        if key in self.out.pous:
            p = self.out.pous[key]
            self.err(
                e,
                "E203",
                f"'{e.name}' is a {p.kind}: call it with parentheses"
                if p.kind == "FUNCTION"
                else f"'{e.name}' is a {p.kind} type, not a variable",
            )
            return ERR
        if e.name.upper() in STD_FUNCTIONS or "_TO_" in e.name.upper():
            self.err(e, "E203", f"'{e.name}' is a standard function: call it with parentheses")
            return ERR
        self.undeclared(e)
        return ERR

    # ------------------------------------------------------------------ lvalues
    def lvalue(self, e: A.Expr) -> T.Type:
        """Type of an assignment target, reporting targets that cannot be written."""
        t = self._lvalue(e)
        self.out.types[id(e)] = t
        return t

    def _lvalue(self, e: A.Expr) -> T.Type:
        if isinstance(e, A.Name):
            t = self.resolve_name(e)
            ref = self.out.refs.get(id(e))
            if isinstance(ref, VarInfo):
                ref.written = True
                self.check_writable(ref, e)
            elif isinstance(ref, EnumRef):
                self.err(e, "E401", f"cannot assign to the enumeration value '{e.name}'")
            return t
        if isinstance(e, A.DirectAddress):
            t = self.expr(e)
            if e.area == "I":
                self.err(e, "E401", f"cannot write the input {e.address}: inputs are read-only")
            v = self.out.refs.get(id(e))  # the implicit variable, or the declared one AT this address
            if isinstance(v, VarInfo):
                v.written = True
            return t
        if isinstance(e, (A.FieldAccess, A.IndexAccess, A.BitAccess)):
            t = self.expr(e, lvalue=True)
            root = e
            while isinstance(root, (A.FieldAccess, A.IndexAccess, A.BitAccess)):
                root = root.base
            ref = self.out.refs.get(id(root))
            if isinstance(ref, VarInfo):
                ref.written = True
                if ref.constant:
                    self.err(e, "E401", f"cannot assign to constant '{ref.name}'")
            if isinstance(e, A.FieldAccess):
                fref = self.out.refs.get(id(e))
                if isinstance(fref, VarInfo) and fref.kind == "VAR_OUTPUT" and self.is_fb_expr(e.base):
                    self.err(
                        e, "E401", f"cannot assign to '{fref.name}': it is an output of the function block"
                    )
            return t
        self.err(e, "E401", "this expression cannot be assigned to")
        self.expr(e)
        return ERR

    def is_fb_expr(self, e: A.Expr) -> bool:
        t = self.out.types.get(id(e))
        return isinstance(t, T.FBT)

    def check_writable(self, v: VarInfo, node) -> None:
        if v.constant:
            self.err(node, "E401", f"cannot assign to constant '{v.name}'")
        elif v.type.is_fb:
            self.err(node, "E401", f"cannot assign to the function block instance '{v.name}'")

    # ------------------------------------------------------------------ expressions
    def expr(self, e: A.Expr, expected: T.Type | None = None, lvalue: bool = False) -> T.Type:
        t = self._expr(e, expected, lvalue)
        self.out.types[id(e)] = t
        if id(e) not in self.out.consts and t is not ERR and not isinstance(e, (A.Call,)):
            if isinstance(e, (A.BinaryOp, A.UnaryOp)):
                try:
                    val = self.const_eval(e)
                    if isinstance(val, (int, float, bool)):
                        if isinstance(t, T.IntLitT) and isinstance(val, int):
                            t = T.IntLitT(val)
                            self.out.types[id(e)] = t
                        self.out.consts[id(e)] = val
                except (NotConst, ZeroDivisionError, OverflowError):
                    pass
        return t

    def _expr(self, e, expected, lvalue) -> T.Type:
        o = self.out
        if isinstance(e, A.IntLiteral):
            o.consts[id(e)] = e.value
            if e.type_prefix:
                pt = T.ELEMENTARY.get(e.type_prefix.upper())
                if pt is None:
                    return T.IntLitT(e.value)
                if pt.is_real:
                    o.consts[id(e)] = float(e.value) if pt is T.LREAL else f32(float(e.value))
                    return pt
                if pt.is_bool:
                    if e.value not in (0, 1):
                        self.err(e, "E304", f"BOOL#{e.value} is not 0 or 1")
                    o.consts[id(e)] = bool(e.value)
                    return T.BOOL
                if pt.is_intlike:
                    if not T.literal_fits(e.value, pt):
                        self.err(
                            e, "E304", f"the literal {e.value} does not fit {pt.name} ({pt.lo}..{pt.hi})"
                        )
                    return pt
                self.err(e, "E316", f"{e.type_prefix}# cannot prefix an integer")
                return ERR
            if expected is not None and expected.is_bool and e.value in (0, 1):
                o.consts[id(e)] = bool(e.value)  # BOOL literals 0 and 1 (IEC grammar, matiec)
                return T.BOOL
            return T.IntLitT(e.value)
        if isinstance(e, A.RealLiteral):
            if e.type_prefix and e.type_prefix.upper() == "REAL":
                self.check_real_fits(e, e.value)
                o.consts[id(e)] = f32(e.value)
                return T.REAL
            if e.type_prefix and e.type_prefix.upper() == "LREAL":
                o.consts[id(e)] = e.value
                return T.LREAL
            if expected is T.REAL or (isinstance(expected, T.Elem) and expected.base is T.REAL):
                o.consts[id(e)] = f32(e.value)
                return T.REAL
            o.consts[id(e)] = e.value
            return T.RealLitT()
        if isinstance(e, A.BoolLiteral):
            o.consts[id(e)] = bool(e.value)
            return T.BOOL
        if isinstance(e, A.TimeLiteral):
            o.consts[id(e)] = _ns_to_value(e.nanoseconds, e.type_prefix)
            return T.LTIME if (e.type_prefix or "").upper() == "LTIME" else T.TIME
        if isinstance(e, A.DateTimeLiteral):
            o.consts[id(e)] = e.value
            return {"DATE": T.DATE, "TOD": T.TOD, "DT": T.DT}.get(e.kind.upper(), T.DT)
        if isinstance(e, A.StringLiteral):
            o.consts[id(e)] = e.value
            return T.StringT(max(1, len(e.value)) if len(e.value) > 80 else 80, e.wide)
        if isinstance(e, A.EnumLiteral):
            et = self.resolve_named(e.type_name, e)
            if et is ERR:
                return ERR
            if not isinstance(et, T.EnumT):
                self.err(e, "E203", f"'{e.type_name}' is not an enumeration")
                return ERR
            key = e.value_name.lower()
            if key not in et.by_lower:
                hint = self.hint(e.value_name, [n for n, _ in et.values])
                self.err(
                    e, "E210", f"'{e.value_name}' is not a value of {et.name}" + (f"; {hint}" if hint else "")
                )
                return ERR
            o.consts[id(e)] = et.by_lower[key]
            o.refs[id(e)] = EnumRef(et, et.by_lower[key])
            return et
        if isinstance(e, A.Name):
            t = self.resolve_name(e)
            ref = o.refs.get(id(e))
            if isinstance(ref, VarInfo) and ref.constant and ref.init is not None and ref.type.is_scalar:
                o.consts[id(e)] = ref.init
            return t
        if isinstance(e, A.DirectAddress):
            v = o.addresses.get(e.address)
            if v is None:
                located = self.located_at.get(e.address, [])
                if located:
                    v = located[0]
                else:
                    t = {"X": T.BOOL, "B": T.BYTE, "W": T.WORD, "D": T.DWORD, "L": T.LWORD}[e.size]
                    v = VarInfo(
                        "_addr_" + _addr_ident(e.address),
                        t,
                        "ADDR",
                        e.line,
                        e.col,
                        address=e.address,
                        used=True,
                    )
                    o.addresses[e.address] = v
            o.refs[id(e)] = v
            return v.type
        if isinstance(e, A.FieldAccess):
            return self.field_access(e, lvalue)
        if isinstance(e, A.IndexAccess):
            bt = self.expr(e.base, lvalue=lvalue)
            for ix in e.indices:
                it = self.expr(ix)
                if it is not ERR and not it.is_intlike and not it.is_enum:
                    self.err(ix, "E323", f"an array index must be an integer, not {it.name}")
            if bt is ERR:
                return ERR
            if not isinstance(bt, T.ArrayT):
                self.err(e, "E323", f"{_describe(e.base)} is {bt.name}, not an array")
                return ERR
            if len(e.indices) != len(bt.dims):
                self.err(
                    e,
                    "E323",
                    f"{_describe(e.base)} has {len(bt.dims)} dimension(s) but "
                    f"{len(e.indices)} index(es) were given",
                )
                return ERR
            for ix, (lo, hi) in zip(e.indices, bt.dims, strict=True):
                if id(ix) in o.consts:
                    val = o.consts[id(ix)]
                    if isinstance(val, int) and not (lo <= val <= hi):
                        self.err(
                            ix, "E308", f"index {val} is out of range {lo}..{hi} for {_describe(e.base)}"
                        )
            return bt.elem
        if isinstance(e, A.BitAccess):
            bt = self.expr(e.base, lvalue=lvalue)
            if bt is ERR:
                return ERR
            if not bt.is_intlike:
                self.err(e, "E324", f"bit access .{e.bit} needs an integer or bit string, not {bt.name}")
                return ERR
            if e.bit >= bt.bits:
                self.err(e, "E308", f"bit {e.bit} does not exist in {bt.name} (bits 0..{bt.bits - 1})")
            return T.BOOL
        if isinstance(e, A.Call):
            return self.call(e, statement=False)
        if isinstance(e, A.UnaryOp):
            t = self.expr(e.operand, expected)
            if t is ERR:
                return ERR
            if e.op == "NOT":
                if t.is_bool or t.is_intlike:
                    return t if not isinstance(t, T.IntLitT) else T.IntLitT(t.value)  # its width from context
                self.err(e, "E306", f"NOT needs BOOL or a bit string, not {t.name}")
                return ERR
            if t.is_num or t.is_time:
                if isinstance(t, T.IntLitT):
                    return T.IntLitT(-t.value if e.op == "-" else t.value)
                return t
            self.err(e, "E306", f"unary {e.op} needs a number, not {t.name}")
            return ERR
        if isinstance(e, A.BinaryOp):
            return self.binary(e, expected)
        self.err(e, "E900", "unsupported expression")
        return ERR

    def field_access(self, e: A.FieldAccess, lvalue: bool) -> T.Type:
        o = self.out
        # Colour.Red written with a dot is not IEC, but the enum type name could be mistaken
        bt = self.expr(e.base, lvalue=lvalue)
        if bt is ERR:
            return ERR
        key = e.field.lower()
        if isinstance(bt, T.StructT):
            f = bt.fields.get(key)
            if f is None:
                hint = self.hint(e.field, [x.name for x in bt.fields.values()])
                self.err(e, "E209", f"{bt.name} has no field '{e.field}'" + (f"; {hint}" if hint else ""))
                return ERR
            return f.type
        if isinstance(bt, T.FBT):
            v = bt.vars.get(key) or getattr(bt, "aliases", {}).get(key)
            if v is None or v.kind in ("VAR_TEMP", "RESULT"):
                hint = self.hint(e.field, [x.name for x in bt.vars.values()])
                self.err(
                    e, "E209", f"{bt.name} has no input or output '{e.field}'" + (f"; {hint}" if hint else "")
                )
                return ERR
            o.refs[id(e)] = v
            if v.kind == "VAR" and not bt.standard:
                pass  # CODESYS allows reading internals; keep it (useful for watch paths too)
            return v.type
        if bt.is_intlike and e.field.isdigit():
            return T.BOOL
        self.err(e, "E209", f"{_describe(e.base)} is {bt.name}: it has no field '{e.field}'")
        return ERR

    def bool01(self, e: A.Expr, t: T.Type, other: T.Type) -> T.Type:
        """The integer literal 0 or 1 next to a BOOL operand is the BOOL FALSE or TRUE."""
        if other.is_bool and isinstance(e, A.IntLiteral) and not e.type_prefix and e.value in (0, 1):
            self.out.consts[id(e)] = bool(e.value)
            self.out.types[id(e)] = T.BOOL
            return T.BOOL
        return t

    def binary(self, e: A.BinaryOp, expected) -> T.Type:
        op = e.op
        lt = self.expr(e.left, expected if op not in _COMPARE else None)
        rt = self.expr(e.right, expected if op not in _COMPARE else None)
        if lt is ERR or rt is ERR:
            return ERR
        if op in ("AND", "OR", "XOR") or op in _COMPARE:
            lt = self.bool01(e.left, lt, rt)  # b AND 1, b = 0: the literal is a BOOL
            rt = self.bool01(e.right, rt, lt)
        # REAL literals next to a REAL operand are REAL (float32), not LREAL
        if isinstance(lt, T.RealLitT) and isinstance(rt, T.Elem) and rt.base is T.REAL:
            if id(e.left) in self.out.consts:
                self.out.consts[id(e.left)] = f32(self.out.consts[id(e.left)])
        if isinstance(rt, T.RealLitT) and isinstance(lt, T.Elem) and lt.base is T.REAL:
            if id(e.right) in self.out.consts:
                self.out.consts[id(e.right)] = f32(self.out.consts[id(e.right)])
        if op in ("AND", "OR", "XOR"):
            if lt.is_bool and rt.is_bool:
                return T.BOOL
            if lt.is_intlike and rt.is_intlike:
                c = T.common_type(lt, rt)
                if c is not None:
                    self.settle(e.left, c)
                    self.settle(e.right, c)
                    return c
            self.err(e, "E306", f"{op} needs two BOOLs or two bit strings, not {lt.name} and {rt.name}")
            return ERR
        if op in _COMPARE:
            if self.comparable(lt, rt):
                if isinstance(rt, T.Elem) and (rt.is_num or rt.is_bits):
                    self.settle(e.left, rt)
                if isinstance(lt, T.Elem) and (lt.is_num or lt.is_bits):
                    self.settle(e.right, lt)
                return T.BOOL
            hint = T.conversion_hint(rt, lt) if lt.is_elementary and rt.is_elementary else ""
            self.err(e, "E306", f"cannot compare {lt.name} with {rt.name}" + (f": {hint}" if hint else ""))
            return ERR
        if op == "**":
            if lt.is_num and rt.is_num:
                if isinstance(lt, T.Elem) and lt.is_real:
                    return lt.base
                if isinstance(lt, T.RealLitT):
                    return T.LREAL
                lb = T.concrete(lt)
                return T.REAL if lb.bits <= 16 else T.LREAL
            self.err(e, "E306", f"** needs numbers, not {lt.name} and {rt.name}")
            return ERR
        # arithmetic
        if lt.is_date or rt.is_date:
            return self.date_arith(e, lt, rt)
        if lt.is_time or rt.is_time:
            return self.time_arith(e, lt, rt)
        if op == "MOD" and not (_intish(lt) and _intish(rt)):
            self.err(e, "E306", f"MOD needs integers, not {lt.name} and {rt.name}")
            return ERR
        if (lt.is_num or lt.is_bits) and (rt.is_num or rt.is_bits):
            if isinstance(lt, T.IntLitT) and isinstance(rt, T.IntLitT):
                return T.IntLitT(0)  # refined by folding in expr()
            if isinstance(lt, (T.IntLitT, T.RealLitT)) and isinstance(rt, (T.IntLitT, T.RealLitT)):
                return T.RealLitT()  # literals only: fits REAL and LREAL targets alike
            c = T.common_type(lt, rt)
            if c is None:
                self.err(
                    e,
                    "E306",
                    f"cannot combine {lt.name} and {rt.name} with '{op}': "
                    f"convert one of them, e.g. {T.conversion_hint(rt, lt)[4:] or 'with a *_TO_* function'}",
                )
                return ERR
            if op == "/" and isinstance(e.right, A.IntLiteral) and e.right.value == 0 and c.is_int:
                self.err(e.right, "E309", "integer division by zero")
            self.settle(e.left, c)
            self.settle(e.right, c)
            return c
        if op == "+" and lt.is_string and rt.is_string:
            self.err(
                e,
                "E306",
                f"'+' does not join texts: use CONCAT({_operand_text(e.left)}, {_operand_text(e.right)})",
            )
            return ERR
        self.err(e, "E306", f"'{op}' needs numbers, not {lt.name} and {rt.name}")
        return ERR

    def date_arith(self, e, lt, rt) -> T.Type:
        """DT +/- TIME, TIME + DT -> DT; TOD +/- TIME, TIME + TOD -> TOD; DT - DT, DATE - DATE,
        TOD - TOD -> TIME (IEC 61131-3 Table 30; st.stdlib.date_arith computes them)."""
        op = e.op
        r = date_result(op, lt, rt)
        if r is None:
            self.err(
                e, "E306",
                f"'{op}' is not defined for {lt.name} and {rt.name} (defined: DT +/- TIME, TOD +/- TIME, "
                f"DT - DT, DATE - DATE, TOD - TOD; a DATE plus a duration: DATE_TO_DT first)",
            )
            return ERR
        return r

    def time_arith(self, e, lt, rt) -> T.Type:
        op = e.op
        if lt.is_time and rt.is_time and op in ("+", "-") and T.same(lt, rt):
            return lt
        if lt.is_time and op in ("*", "/") and (rt.is_int or rt.is_real):
            return lt
        if rt.is_time and op == "*" and (lt.is_int or lt.is_real):
            return rt
        self.err(e, "E306", f"'{op}' is not defined for {lt.name} and {rt.name}")
        return ERR

    def comparable(self, a: T.Type, b: T.Type) -> bool:
        if (a.is_num or a.is_bits) and (b.is_num or b.is_bits):
            return T.common_type(a, b) is not None or (a.is_intlike and b.is_intlike)
        if a.is_bool and b.is_bool:
            return True
        if a.is_string and b.is_string:
            return True
        if a.is_time and b.is_time:
            return T.same(a, b)
        if a.is_date and b.is_date:
            return T.same(a, b)
        if a.is_enum and b.is_enum:
            return a is b
        return False

    # ------------------------------------------------------------------ untyped literals
    def settle(self, e: A.Expr, t: T.Type, force: bool = False) -> None:
        """Give an expression of untyped literals the type its context expects (DESIGN.md: an
        untyped literal takes its type from its context): SEL(b, 2#11111111, 8#3) where a WORD is
        expected is a WORD, ROR of it rotates 16 bits; a REAL literal there is a float32."""
        o = self.out
        et = o.types.get(id(e))
        if not force and not isinstance(et, (T.IntLitT, T.RealLitT)):
            return
        if not (isinstance(t, T.Elem) and (t.is_num or t.is_bits)) or t is ERR:
            return
        if isinstance(et, T.RealLitT) and not t.is_real:
            return
        t = t.base
        if id(e) in o.consts and not isinstance(e, A.Call):
            if t is T.REAL and isinstance(et, T.RealLitT):
                o.consts[id(e)] = self.fold_f32(e)
                o.types[id(e)] = t
            elif t.is_intlike and isinstance(et, T.IntLitT) and isinstance(e, (A.BinaryOp, A.UnaryOp)):
                o.consts[id(e)] = self.fold_int(e, t)  # (2147483647 + 1) / 2 as a DINT computes it
            return
        if isinstance(e, A.Call):
            info = o.calls.get(id(e))
            if info is None or info.kind != "std" or info.name not in _GENERIC_VALUES:
                return
            if t.is_real and info.name in ("SHL", "SHR", "ROL", "ROR"):
                return  # a bit string shifted, then converted: it stays a DWORD
        o.types[id(e)] = t
        if isinstance(e, A.BinaryOp) and e.op not in _COMPARE:
            self.settle(e.left, t)
            self.settle(e.right, t)
        elif isinstance(e, A.UnaryOp) and (e.op == "-" or (e.op == "NOT" and t.is_intlike)):
            self.settle(e.operand, t)
        elif isinstance(e, A.Call):
            info.result = t
            first, last = _GENERIC_VALUES[info.name]
            for i, a in enumerate(info.args):
                if first <= i < (last if last is not None else len(info.args)):
                    self.settle(a, t)
                    info.arg_types[i] = o.types.get(id(a), info.arg_types[i])

    def fold_int(self, e: A.Expr, t: T.Elem) -> int:
        """An integer constant expression folded as the running program computes it in type ``t``:
        in 32 bits for 8/16-bit types, else in ``t``, wrapping every intermediate."""
        w = T.DINT if t.bits <= 16 else t
        c = self.out.consts.get(id(e))
        if c is None:
            c = self.const_eval(e)
        if isinstance(e, A.UnaryOp) and e.op == "-":
            return T.wrap(-self.fold_int(e.operand, t), w)
        if isinstance(e, A.BinaryOp) and e.op in ("+", "-", "*", "/", "MOD", "AND", "OR", "XOR"):
            a, b = self.fold_int(e.left, t), self.fold_int(e.right, t)
            if e.op in ("/", "MOD"):
                if b == 0:
                    return c
                v = stdlib.idiv(a, b) if e.op == "/" else stdlib.imod(a, b)
            else:
                v = {"+": a + b, "-": a - b, "*": a * b, "AND": a & b, "OR": a | b, "XOR": a ^ b}[e.op]
            return T.wrap(v, w)
        return c if type(c) is int else int(c)

    def fold_f32(self, e: A.Expr) -> float:
        """A REAL constant expression folded in float32, every literal and every step rounded."""
        if isinstance(e, (A.RealLiteral, A.IntLiteral)):
            return f32(float(e.value))
        if isinstance(e, A.UnaryOp) and e.op in ("-", "+"):
            x = self.fold_f32(e.operand)
            return -x if e.op == "-" else x
        if isinstance(e, A.BinaryOp) and e.op in ("+", "-", "*", "/"):
            a, b = self.fold_f32(e.left), self.fold_f32(e.right)
            try:
                return f32({"+": a + b, "-": a - b, "*": a * b}[e.op] if e.op != "/" else a / b)
            except ZeroDivisionError:
                pass
        return f32(float(self.out.consts[id(e)]))

    # ------------------------------------------------------------------ calls
    def call(self, e: A.Call, statement: bool) -> T.Type:
        en, eno = self.split_en_eno(e)
        t = self._call(e, statement)
        if en is not None or eno is not None:
            self.out.en_eno[id(e)] = (en, eno)
            if en is not None:
                self.check_assignable(self.expr(en, expected=T.BOOL), T.BOOL, en, "pass")
            if eno is not None:
                self.check_assignable(T.BOOL, self.lvalue(eno), eno, "assign")
        return t

    def split_en_eno(self, e: A.Call) -> tuple[A.Expr | None, A.Expr | None]:
        """EN := c and ENO => ok on any call (IEC 61131-3): taken out of the arguments, unless the
        POU declares a parameter of that name itself. With EN FALSE the call does not run and ENO is
        FALSE; a function's value is then its type's default (matiec)."""
        names = {a.name.upper() for a in e.args if a.kind != "positional" and a.name}
        if not names & {"EN", "ENO"}:
            return None, None
        declared: dict = {}
        f = e.func
        if isinstance(f, A.Name):
            v = self.lookup_var(f.name)
            if v is not None and isinstance(v.type, T.FBT):
                declared = v.type.vars
            elif f.name.lower() in self.out.pous:
                declared = self.out.pous[f.name.lower()].vars
        en = eno = None
        kept = []
        for a in e.args:
            n = (a.name or "").upper()
            if n == "EN" and a.kind == "input" and "en" not in declared and en is None and a.value:
                en = a.value
            elif n == "ENO" and a.kind == "output" and "eno" not in declared and eno is None and a.value:
                eno = a.value
            else:
                kept.append(a)
        e.args = kept  # the call itself is checked and generated without them
        return en, eno

    def _call(self, e: A.Call, statement: bool) -> T.Type:
        f = e.func
        o = self.out
        # FB instance call?
        local = self.lookup_var(f.name) if isinstance(f, A.Name) else None
        if local is not None and local.kind == "RESULT":
            local = None  # F(...) inside FUNCTION F is a (recursive) call, not its result variable
        if (
            local is not None
            and not isinstance(local.type, T.FBT)
            and f.name.upper() not in self.fb_ifaces
            and (f.name.upper() in self.std_names or _parse_conversion(f.name.upper()) is not None)
        ):
            # a variable named SEL shadows the function (W204), but a variable is not callable:
            # SEL(...) still calls the function
            local = None
        if not isinstance(f, A.Name) or local is not None:
            ft = self.expr(f)
            if ft is ERR:
                self.args_only(e)
                return ERR
            if isinstance(ft, T.FBT):
                return self.fb_call(e, ft, statement)
            self.err(f, "E203", f"{_describe(f)} is {ft.name}, not a function or function block instance")
            self.args_only(e)
            return ERR
        name = f.name
        key = name.lower()
        upper = name.upper()
        if key in o.pous:
            p = o.pous[key]
            if p.kind == "FUNCTION":
                if self.pou is not None:
                    self.pou.callees.add(key)
                return self.func_call(e, p)
            self.err(
                f,
                "E203",
                f"'{name}' is a {p.kind} type: declare an instance (inst : {p.name};) and call the instance",
            )
            self.args_only(e)
            return ERR
        if upper in self.fb_ifaces:
            self.err(
                f,
                "E203",
                f"'{name}' is a function block type: declare an instance "
                f"(e.g. Timer1 : {upper};) and call the instance",
            )
            self.args_only(e)
            return ERR
        if upper == "TIME":  # CODESYS: TIME() is the time of this scan (here the plant time)
            if e.args:
                self.err(e, "E412", "TIME() takes no arguments: it gives the plant time of this scan")
                self.args_only(e)
            o.calls[id(e)] = CallInfo("std", "TIME", T.TIME)
            return T.TIME
        conv = _parse_conversion(upper)
        if conv is not None:
            return self.conv_call(e, upper, conv)
        if upper in STD_FUNCTIONS:
            return self.std_call(e, upper)
        self.args_only(e)
        cands = []
        if self.hints_left > 0:
            cands = [p.name for p in o.pous.values() if p.kind == "FUNCTION"] + list(STD_FUNCTIONS)
        if self.pou is not None and self.hints_left > 0:
            cands += [v.name for v in self.pou.vars.values() if v.type.is_fb]
        hint = self.hint(name, cands)
        self.err(f, "E201", f"'{name}' is not declared" + (f"; {hint}" if hint else ""))
        return ERR

    def args_only(self, e: A.Call) -> None:
        for a in e.args:
            if a.value is not None:
                self.expr(a.value)

    def fb_call(self, e: A.Call, fbt: T.FBT, statement: bool) -> T.Type:
        if not statement:
            self.err(
                e,
                "E406",
                f"a function block call is a statement: call {_describe(e.func)}(...); "
                f"then read its outputs, e.g. {_describe(e.func)}.Q",
            )
        info = CallInfo("fb", fbt.name, T.BOOL, fbtype=fbt, instance=e.func)
        if fbt.pou is not None and self.pou is not None:
            self.pou.callees.add(fbt.pou.lname)
        inputs = [v for v in fbt.vars.values() if v.kind in ("VAR_INPUT", "VAR_IN_OUT")]
        self.bind_args(e, fbt.name, fbt.vars, inputs, info, is_fb=True, owner_type=fbt)
        for v in fbt.vars.values():
            if v.kind == "VAR_IN_OUT" and not any(p is v for p, _ in info.inputs):
                self.err(e, "E411", f"the VAR_IN_OUT '{v.name}' of {fbt.name} must be given in every call")
        self.out.calls[id(e)] = info
        return ERR if not statement else T.BOOL

    def func_call(self, e: A.Call, p: PouInfo) -> T.Type:
        info = CallInfo("func", p.name, p.return_type or T.BOOL, pou=p)
        params = p.params()
        self.bind_args(e, p.name, p.vars, params, info, is_fb=False)
        given = {id(v) for v, _ in info.inputs}
        positional = any(a.kind == "positional" for a in e.args)
        for v in params:
            if id(v) not in given:
                if v.kind == "VAR_IN_OUT" or positional:
                    self.err(
                        e,
                        "E411",
                        f"{p.name} needs the input '{v.name}' "
                        f"({len(params)} inputs: {', '.join(x.name for x in params)})",
                    )
        self.out.calls[id(e)] = info
        if p.return_type is None:
            return T.BOOL
        return p.return_type

    def bind_args(self, e, owner, table, inputs, info: CallInfo, is_fb: bool, owner_type=None) -> None:
        pos_index = 0
        seen: set[str] = set()
        for a in e.args:
            if a.kind == "positional":
                if pos_index >= len(inputs):
                    self.err(a, "E412", f"too many arguments for {owner}: it has {len(inputs)} input(s)")
                    if a.value is not None:
                        self.expr(a.value)
                    continue
                v = inputs[pos_index]
                pos_index += 1
            else:
                v = table.get((a.name or "").lower())
                if v is None and owner_type is not None:
                    v = getattr(owner_type, "aliases", {}).get((a.name or "").lower())
                if v is None or v.kind not in ("VAR_INPUT", "VAR_IN_OUT", "VAR_OUTPUT"):
                    cands = [
                        x.name for x in table.values() if x.kind in ("VAR_INPUT", "VAR_IN_OUT", "VAR_OUTPUT")
                    ]
                    hint = self.hint(a.name or "", cands)
                    self.err(
                        a, "E211", f"{owner} has no parameter '{a.name}'" + (f"; {hint}" if hint else "")
                    )
                    if a.value is not None:
                        self.expr(a.value)
                    continue
            if v.lname in seen:
                self.err(a, "E413", f"parameter '{v.name}' is given twice")
                continue
            seen.add(v.lname)
            if a.kind == "output":
                if v.kind != "VAR_OUTPUT":
                    self.err(a, "E407", f"'{v.name}' is an input of {owner}: use ':=' not '=>'")
                    continue
                if a.value is None:
                    continue
                tt = self.lvalue(a.value)
                st = T.BOOL if a.negated else v.type
                if a.negated and not v.type.is_bool:
                    self.err(a, "E306", f"NOT on '=>' needs a BOOL output; '{v.name}' is {v.type.name}")
                self.check_assignable(st, tt, a.value, "assign")
                info.outputs.append((v, a.value, a.negated))
                continue
            if v.kind == "VAR_OUTPUT":
                self.err(a, "E407", f"'{v.name}' is an output of {owner}: use '=>' to read it")
                continue
            if a.value is None:
                self.err(a, "E411", f"the input '{v.name}' has no value")
                continue
            if v.kind == "VAR_IN_OUT":
                st = self.lvalue(a.value)
                if isinstance(a.value, A.BitAccess) or (
                    isinstance(a.value, A.FieldAccess) and a.value.field.isdigit()
                ):
                    self.err(
                        a.value,
                        "E416",
                        f"the VAR_IN_OUT '{v.name}' is passed by reference and a bit has no address of "
                        f"its own: pass a BOOL variable and copy it to the bit after the call",
                    )
                if (
                    st is not ERR
                    and v.type is not ERR
                    and not T.same(st, v.type)
                    and not (isinstance(st, T.StructT) and st is v.type)
                    and not (st.is_enum and st is v.type)
                ):
                    self.err(
                        a.value,
                        "E305",
                        f"the VAR_IN_OUT '{v.name}' needs a {v.type.name} variable, not {st.name}",
                    )
            else:
                st = self.expr(a.value, expected=v.type)
                if self.check_assignable(st, v.type, a.value, "pass"):
                    self.settle(a.value, v.type)
            info.inputs.append((v, a.value))

    def std_args(self, e: A.Call, upper: str) -> list[A.Expr] | None:
        spec = STD_FUNCTIONS.get(upper, ["IN"])
        pos = [a for a in e.args if a.kind == "positional"]
        formal = [a for a in e.args if a.kind == "input"]
        outs = [a for a in e.args if a.kind == "output"]
        for a in outs:
            self.err(a, "E407", f"{upper} has no outputs to read with '=>'")
        if pos and formal:
            self.err(e, "E414", f"{upper}: give all arguments by position or all by name, not both")
            return None
        if formal:
            if isinstance(spec, str):  # extensible: IN1, IN2 ... (MUX: K, IN0, IN1 ...)
                named = {}
                for a in formal:
                    named[a.name.upper()] = a.value
                if spec == "K*":
                    order = ["K"] + [f"IN{i}" for i in range(len(named) - 1)]
                else:
                    order = [f"IN{i + 1}" for i in range(len(named))]
                if set(order) != set(named):
                    self.err(e, "E211", f"{upper} takes the inputs {', '.join(order)}")
                    return None
                return [named[k] for k in order]
            named = {}
            for a in formal:
                if a.name.upper() not in spec:
                    hint = self.hint(a.name, spec)
                    self.err(a, "E211", f"{upper} has no input '{a.name}'" + (f"; {hint}" if hint else ""))
                    return None
                named[a.name.upper()] = a.value
            missing = [k for k in spec if k not in named]
            if missing:
                self.err(e, "E411", f"{upper} needs the input(s) {', '.join(missing)}")
                return None
            return [named[k] for k in spec]
        args = [a.value for a in pos]
        if isinstance(spec, str):
            need = 2 if spec == "*" else 3
            if len(args) < need:
                self.err(e, "E412", f"{upper} needs at least {need} arguments, got {len(args)}")
                return None
        elif len(args) != len(spec):
            self.err(e, "E412", f"{upper} takes {len(spec)} argument(s) ({', '.join(spec)}), got {len(args)}")
            return None
        return args

    def std_call(self, e: A.Call, upper: str) -> T.Type:
        args = self.std_args(e, upper)
        if args is None:
            self.args_only(e)
            return ERR
        if upper in OPERATOR_FUNCTIONS:
            return self.operator_function(e, upper, args)
        if upper in BCD_CONVERSIONS:
            return self.bcd_call(e, upper, args[0])
        ts = [self.expr(a) for a in args]
        info = CallInfo("std", upper, ERR, args=args, arg_types=ts)
        self.out.calls[id(e)] = info
        if any(t is ERR for t in ts):
            return ERR
        r = self.std_result(e, upper, args, ts)
        info.result = r
        if isinstance(r, T.Elem) and upper in _GENERIC_VALUES:
            self.settle(e, r, force=True)  # untyped literals among the values take the call's type
        return r

    def operator_function(self, e: A.Call, upper: str, args: list[A.Expr]) -> T.Type:
        """ADD_DT_TIME(d, t) and friends: the operator on its two inputs, of the kinds the name says."""
        op, left, right = OPERATOR_FUNCTIONS[upper]
        node = A.BinaryOp(op, args[0], args[1], line=e.line, col=e.col, end_line=e.end_line,
                          end_col=e.end_col)
        self.out.keep.append(node)
        t = self.expr(node)
        info = CallInfo("std", upper, t, args=[node], arg_types=[t])
        self.out.calls[id(e)] = info
        for a, kinds in ((args[0], left), (args[1], right)):
            at = T.concrete(self.out.types.get(id(a), ERR))
            ok = at is ERR or getattr(at, "kind", "") in kinds or ("num" in kinds and at.is_num)
            if not ok:
                need = " and ".join(_KIND_WORDS[k[0]] for k in (left, right))
                self.err(a, "E325", f"{upper} needs {need}, not {at.name} here")
                return ERR
        return t

    def bcd_call(self, e: A.Call, upper: str, arg: A.Expr) -> T.Type:
        """BCD_TO_INT(16#42) = 42, INT_TO_BCD(42) = 16#42; IEC names fix the bit string type too."""
        from_bcd, int_name, bits_name = BCD_CONVERSIONS[upper]
        it = T.ELEMENTARY[int_name]
        at = self.expr(arg)
        if from_bcd:
            want = T.ELEMENTARY[bits_name] if bits_name else None
            ok = at.is_bits if want is None else (at.is_bits and at.bits <= want.bits)
            if isinstance(at, T.IntLitT):
                ok = True
                self.settle(arg, want or T.LWORD)
            result, src = it, (want or (T.concrete(at) if ok and not isinstance(at, T.IntLitT) else T.LWORD))
        else:
            ok = at.is_int and (isinstance(at, T.IntLitT) or T.concrete(at).bits <= it.bits)
            if isinstance(at, T.IntLitT):
                self.settle(arg, it)
            result = T.ELEMENTARY[bits_name] if bits_name else _BITS_OF_WIDTH[it.bits]
            src = it
        info = CallInfo("std", upper, result, args=[arg], arg_types=[at], src=src, dst=result)
        self.out.calls[id(e)] = info
        if at is not ERR and not ok:
            what = f"a bit string (at most {bits_name})" if from_bcd and bits_name else (
                "a bit string" if from_bcd else f"an integer (at most {int_name})")
            self.err(arg, "E325", f"{upper} needs {what}, not {at.name}")
            return ERR
        return result

    def _need(self, e, ok: bool, msg: str) -> bool:
        if not ok:
            self.err(e, "E325", msg)
        return ok

    def _common(self, e, upper, ts) -> T.Type:
        if ts and all(isinstance(t, T.IntLitT) for t in ts):
            # literals only: keep a literal type (the biggest magnitude) so INT targets accept it
            return T.IntLitT(max((t.value for t in ts), key=abs))
        if ts and all(isinstance(t, (T.IntLitT, T.RealLitT)) for t in ts):
            return T.RealLitT()
        # typed values first: the untyped literals then take their type (MIN(1, 2, s) is a SINT)
        ts = [t for t in ts if not isinstance(t, (T.IntLitT, T.RealLitT))] + [
            t for t in ts if isinstance(t, (T.IntLitT, T.RealLitT))
        ]
        c = ts[0]
        for t in ts[1:]:
            n = (
                T.common_type(c, t)
                if (c.is_num or c.is_bits) and (t.is_num or t.is_bits)
                else (
                    c
                    if (
                        T.same(c, t)
                        or (c.is_string and t.is_string)
                        or (c.is_enum and c is t)
                        or (c.is_bool and t.is_bool)
                    )
                    else None
                )
            )
            if n is None:
                self.err(e, "E325", f"{upper}: cannot combine {c.name} and {t.name}")
                return ERR
            c = n
        return T.concrete(c)

    def std_result(self, e, upper, args, ts) -> T.Type:
        if upper == "CONCAT_DATE_TOD":
            kinds = [getattr(T.concrete(t), "kind", "") for t in ts]
            if not self._need(e, kinds == ["date", "tod"],
                              f"CONCAT_DATE_TOD needs a DATE and a TOD, not {ts[0].name} and {ts[1].name}"):
                return ERR
            return T.DT
        if upper in ("ADD", "MUL", "SUB", "DIV"):
            if all(t.is_time for t in ts[:1]) and upper in ("ADD", "SUB") and all(t.is_time for t in ts):
                return ts[0]
            if ts[0].is_time and upper in ("MUL", "DIV") and len(ts) == 2 and ts[1].is_num:
                return ts[0]
            if not self._need(
                e, all(t.is_num for t in ts), f"{upper} needs numbers, not {', '.join(t.name for t in ts)}"
            ):
                return ERR
            return self._common(e, upper, ts)
        if upper == "MOD":
            if not self._need(
                e, all(_intish(t) for t in ts), f"MOD needs integers, not {', '.join(t.name for t in ts)}"
            ):
                return ERR
            return self._common(e, upper, ts)
        if upper == "EXPT":
            if not self._need(e, all(t.is_num for t in ts), "EXPT needs numbers"):
                return ERR
            if isinstance(ts[0], (T.IntLitT, T.RealLitT)):
                return T.RealLitT()
            b = T.concrete(ts[0])
            return b if b.is_real else (T.REAL if b.bits <= 16 else T.LREAL)
        if upper == "MOVE":
            return ts[0]
        if upper in ("GT", "GE", "EQ", "LE", "LT", "NE"):
            for a, b in zip(ts, ts[1:], strict=False):
                if not self.comparable(a, b):
                    self.err(e, "E325", f"{upper}: cannot compare {a.name} with {b.name}")
                    return ERR
            return T.BOOL
        if upper in ("AND", "OR", "XOR", "NOT"):
            if all(t.is_bool for t in ts):
                return T.BOOL
            if all(t.is_intlike for t in ts):
                return self._common(e, upper, ts)
            self.err(e, "E325", f"{upper} needs BOOLs or bit strings")
            return ERR
        if upper == "SEL":
            if not self._need(e, ts[0].is_bool, f"SEL: the selector G must be BOOL, not {ts[0].name}"):
                return ERR
            return self._common(e, upper, ts[1:])
        if upper in ("MAX", "MIN"):
            return self._common(e, upper, ts)
        if upper == "LIMIT":
            return self._common(e, upper, ts)
        if upper == "MUX":
            if not self._need(
                e, ts[0].is_intlike, f"MUX: the selector K must be an integer, not {ts[0].name}"
            ):
                return ERR
            return self._common(e, upper, ts[1:])
        if upper == "ABS":
            if not self._need(e, ts[0].is_num or ts[0].is_time, f"ABS needs a number, not {ts[0].name}"):
                return ERR
            if isinstance(ts[0], T.IntLitT):
                return T.IntLitT(abs(ts[0].value))
            if isinstance(ts[0], T.RealLitT):
                return ts[0]
            return T.concrete(ts[0])
        if upper in ("SQRT", "LN", "LOG", "EXP", "SIN", "COS", "TAN", "ASIN", "ACOS", "ATAN"):
            if not self._need(e, ts[0].is_num, f"{upper} needs a REAL or LREAL, not {ts[0].name}"):
                return ERR
            if isinstance(ts[0], (T.IntLitT, T.RealLitT)):
                return T.RealLitT()  # computed in LREAL, rounded to the target's width on store
            b = T.concrete(ts[0])
            return b if b.is_real else (T.REAL if b.bits <= 16 else T.LREAL)
        if upper in ("SHL", "SHR", "ROL", "ROR"):
            if not self._need(e, ts[0].is_intlike, f"{upper} needs a bit string, not {ts[0].name}"):
                return ERR
            if not self._need(e, ts[1].is_intlike, f"{upper}: N must be an integer, not {ts[1].name}"):
                return ERR
            return ts[0]  # an untyped literal: typed by the context (settle), else DWORD
        if upper == "TRUNC":
            if not self._need(e, ts[0].is_real, f"TRUNC needs a REAL or LREAL, not {ts[0].name}"):
                return ERR
            return T.DINT
        if upper == "LEN":
            self._need(e, ts[0].is_string, f"LEN needs a STRING, not {ts[0].name}")
            return T.INT
        if upper in ("LEFT", "RIGHT", "MID", "INSERT", "DELETE", "REPLACE", "CONCAT", "FIND"):
            roles = {
                "LEFT": "si",
                "RIGHT": "si",
                "MID": "sii",
                "INSERT": "ssi",
                "DELETE": "sii",
                "REPLACE": "ssii",
                "FIND": "ss",
            }.get(upper, "s" * len(ts))
            for a, t, r in zip(args, ts, roles, strict=False):
                if r == "s" and not t.is_string:
                    self.err(a, "E325", f"{upper} needs a STRING here, not {t.name}")
                    return ERR
                if r == "i" and not t.is_intlike:
                    self.err(a, "E325", f"{upper} needs an integer here, not {t.name}")
                    return ERR
            if upper == "FIND":
                return T.INT
            return T.WSTRING if ts[0].is_string and ts[0].wide else T.STRING
        return ERR

    def conv_call(self, e: A.Call, upper: str, conv) -> T.Type:
        src_name, dst_name = conv
        args = [a for a in e.args]
        if len(args) != 1 or args[0].kind == "output" or args[0].value is None:
            self.err(e, "E412", f"{upper} takes one argument")
            self.args_only(e)
            return ERR
        a = args[0].value
        t = self.expr(a)
        dst = T.CONVERSION_NAMES[dst_name]
        info = CallInfo("conv", upper, dst, args=[a], arg_types=[t], dst=dst)
        self.out.calls[id(e)] = info
        if t is ERR:
            return dst
        if src_name is not None:
            src = T.CONVERSION_NAMES[src_name]
            ok = T.can_widen(t, src) or (
                isinstance(t, T.Elem) and isinstance(src, T.Elem) and t.base is src.base
            )
            if src.is_string and t.is_string:
                ok = True
            if not ok:
                self.err(a, "E326", f"{upper} needs a {src.name} argument, not {t.name}")
                return dst
            info.src = src
            self.settle(a, src)
        else:
            t = T.concrete(t)
            if t.is_enum:
                info.src = t.base
            elif not t.is_elementary:
                self.err(a, "E326", f"{upper} cannot convert {t.name}")
                return dst
            else:
                info.src = T.concrete(t)
        if info.src.is_enum:
            info.src = info.src.base
        if isinstance(info.src, T.IntLitT):
            info.src = info.src.natural()
        why = _date_conversion_refused(info.src, dst)
        if why:
            self.err(a, "E326", f"{upper} has no meaning: {why}")
        return dst

    # ------------------------------------------------------------------ whole-program checks
    def check_recursion(self) -> None:
        """Each group of POUs that call each other in a circle is one error, at its first POU, naming
        one circle. Linear in the calls (a DFS from every POU along every path was exponential)."""
        graph = {k: {c for c in p.callees if c in self.out.pous} for k, p in self.out.pous.items()}
        group = _cycle_groups(graph)
        reported = set()
        for start in graph:
            if start not in group or group[start] in reported:
                continue
            reported.add(group[start])
            path = _circle_through(graph, start, group)
            names = [self.out.pous[n].name for n in path] + [self.out.pous[start].name]
            p = self.out.pous[start]
            self.err_at(
                p.node.name_line or p.node.line,
                p.node.name_col or p.node.col,
                "E408",
                "recursion is not allowed: " + " calls ".join(names),
            )


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


_COMPARE = {"=", "<>", "<", ">", "<=", ">="}


def date_result(op: str, lt: T.Type, rt: T.Type) -> T.Type | None:
    """The type of ``lt op rt`` when a date is involved, None when that is not defined."""
    lk, rk = getattr(T.concrete(lt), "kind", ""), getattr(T.concrete(rt), "kind", "")
    durations = ("time", "ltime")
    if op in ("+", "-") and lk in ("dt", "tod") and rk in durations:
        return T.DT if lk == "dt" else T.TOD
    if op == "+" and lk in durations and rk in ("dt", "tod"):
        return T.DT if rk == "dt" else T.TOD
    if op == "-" and lk == rk and lk in ("dt", "date", "tod"):
        return T.TIME
    return None


def _operand_text(e: A.Expr) -> str:
    """An operand as the user wrote it, for a suggested rewrite (long expressions are shortened)."""
    if isinstance(e, A.Name):
        return e.name
    if isinstance(e, A.StringLiteral):
        return stdlib.format_string(e.value, e.wide)
    if isinstance(e, A.FieldAccess):
        inner = _operand_text(e.base)
        return f"{inner}.{e.field}" if inner != "..." else "..."
    return "..."


def _ns_to_value(ns: int, prefix: str | None) -> int:
    if (prefix or "TIME").upper() == "LTIME":
        return ns
    # TIME has millisecond resolution: sub-millisecond parts truncate toward zero
    q = abs(ns) // 1_000_000
    return q if ns >= 0 else -q


_KIND_WORDS = {"time": "a TIME", "tod": "a TOD", "dt": "a DT", "date": "a DATE", "num": "a number"}
_BITS_OF_WIDTH = {8: T.BYTE, 16: T.WORD, 32: T.DWORD, 64: T.LWORD}


def _circle_through(graph: dict[str, set[str]], start: str, group: dict[str, int]) -> list[str]:
    """A path start -> ... that calls start again, inside start's group (each node visited once)."""
    mine = group[start]
    parent: dict[str, str | None] = {start: None}
    queue = [start]
    for node in queue:
        for nxt in sorted(graph[node]):
            if nxt == start:
                path = [node]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                return path[::-1]
            if nxt not in parent and group.get(nxt) == mine:
                parent[nxt] = node
                queue.append(nxt)
    return [start]


def _date_conversion_refused(src: T.Type, dst: T.Type) -> str:
    """Why a conversion between a date and a date or a duration has no meaning ('' when it has one)."""
    src, dst = T.concrete(src), T.concrete(dst)
    if not isinstance(src, T.Elem) or not isinstance(dst, T.Elem):
        return ""
    src, dst = src.base, dst.base
    if src is T.TOD and dst in (T.DATE, T.DT):
        return "a time of day has no date"
    if src is T.DATE and dst is T.TOD:
        return "a DATE has no time of day (use DT_TO_TOD on a DT)"
    point, other = (src, dst) if src.is_date else (dst, src)
    if point.is_date and point is not T.TOD and other.is_time:
        return (
            f"a {T.short_name(point)} is a point in time, not a duration "
            "(TOD converts to and from TIME)"
        )
    return ""


def _source_order(item) -> tuple:
    v = item[1]
    return (v.kind != "RESULT", v.line, v.col)


def _constants_first(sections: list) -> list:
    return [s for s in sections if s.constant] + [s for s in sections if not s.constant]


def check(sf: A.SourceFile, filename: str):
    """Run the checker; returns (CheckedProgram, diagnostics)."""
    c = Checker(sf, filename)
    out = c.run()
    return out, c.bag.items


def check_expression(cp: CheckedProgram, e: A.Expr, pou: PouInfo | None, filename: str):
    """Type one more expression in the scope of ``pou`` of an already checked program (for
    st.expression: watches). Returns (a copy of ``cp`` whose side tables also hold e's nodes, e's
    type, diagnostics); ``cp``'s tables are not changed (an unknown address's implicit variable is
    made in the copy only, so the program never gains a variable)."""
    c = Checker(A.SourceFile(filename), filename)
    out = CheckedProgram(filename)
    out.__dict__.update(cp.__dict__)
    for name in ("types", "refs", "calls", "consts", "addresses", "std_fbs", "types_by_name"):
        setattr(out, name, dict(getattr(cp, name)))
    out.keep = [*cp.keep, e]
    c.out, c.pou = out, pou
    for et in cp.enums.values():
        for value in et.by_lower:
            c.enum_index.setdefault(value, []).append(et)
    for v in [*(pou.vars.values() if pou is not None else ()), *cp.globals.values()]:
        if v.address:
            c.located_at.setdefault(v.address, []).append(v)
    t = c.expr(e)
    return out, t, c.bag.items
