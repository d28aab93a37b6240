"""Expressions: types every expression (literals, names, direct addresses, field, index and bit
access, unary and binary operators, date and time arithmetic), resolves the names it uses,
checks assignment targets (lvalues), folds constant expressions and gives untyped literals the
type of their context (settle).
"""

from __future__ import annotations

from . import ast as A
from . import stdlib
from . import types as T
from .check_context import (
    _GENERIC_VALUES,
    ERR,
    MAX_CONST_BITS,
    STD_FUNCTIONS,
    CheckContext,
    ConstTooLarge,
    EnumRef,
    NotConst,
    PropRef,
    VarInfo,
    _addr_ident,
    _describe,
    _intish,
    f32,
)


class ExpressionChecks(CheckContext):
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
                    v.used = True  # a length or bound that names it uses it (no W201)
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
            self.out.refs[id(e)] = v
            v.used = True
            if isinstance(v.type, T.RefT) and v.type.implicit:
                return v.type.target  # REFERENCE TO: the name alone is the variable it refers to
            return v.type
        key = e.name.lower()
        fb = self.current_fb()
        if fb is not None:
            prop = fb.fbtype.props.get(key)
            if prop is not None:
                self.out.refs[id(e)] = PropRef(prop, None)
                return prop.type
            if key in fb.fbtype.methods:
                self.err(e, "E203", f"'{e.name}' is a METHOD: call it with parentheses, {e.name}(...)")
                return ERR
        if key == "null":
            return T.NULL
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
            elif isinstance(ref, PropRef):
                if ref.prop.setter is None:
                    self.err(e, "E401", f"the property '{ref.prop.name}' has no SET: it can only be read")
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
        if isinstance(e, (A.FieldAccess, A.IndexAccess, A.BitAccess, A.Deref)):
            t = self.expr(e, lvalue=True)
            root = e
            while isinstance(root, (A.FieldAccess, A.IndexAccess, A.BitAccess, A.Deref)):
                root = root.base
            ref = self.out.refs.get(id(root))
            if isinstance(ref, VarInfo):
                ref.written = True
                if ref.constant:
                    self.err(e, "E401", f"cannot assign to constant '{ref.name}'")
            if isinstance(e, A.FieldAccess):
                fref = self.out.refs.get(id(e))
                if isinstance(fref, PropRef) and fref.prop.setter is None:
                    self.err(e, "E401", f"the property '{fref.prop.name}' has no SET: it can only be read")
                # only the block itself writes its outputs: by name or through THIS^ (SUPER^)
                own = isinstance(e.base, A.Deref) and isinstance(e.base.base, (A.This, A.Super))
                out = isinstance(fref, VarInfo) and fref.kind == "VAR_OUTPUT"
                if out and not own and self.is_fb_expr(e.base):
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

    def implicit_ref(self, e: A.Expr) -> bool:
        """Does ``e`` name a REFERENCE TO variable (whose name alone is the variable it refers to)?"""
        ref = self.out.refs.get(id(e))
        return isinstance(ref, VarInfo) and isinstance(ref.type, T.RefT) and ref.type.implicit

    def check_writable(self, v: VarInfo, node) -> None:
        if isinstance(v.type, T.RefT) and v.type.implicit:
            return  # writes the variable it refers to
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
            if isinstance(ref, PropRef) and not lvalue and ref.prop.getter is None:
                self.err(e, "E401", f"the property '{ref.prop.name}' has no GET: it can only be assigned")
            return t
        if isinstance(e, A.This):
            fb = self.current_fb()
            if fb is None:
                self.err(e, "E424", "THIS is the instance of a FUNCTION_BLOCK: it exists only in its body "
                         "and methods")
                return ERR
            return T.RefT(fb.fbtype)
        if isinstance(e, A.Super):
            fb = self.current_fb()
            if fb is None or fb.base is None:
                self.err(e, "E424", "SUPER is the base of a FUNCTION_BLOCK that EXTENDS another: there is "
                         "none here")
                return ERR
            return T.RefT(fb.base.fbtype)
        if isinstance(e, A.Deref):
            bt = self.expr(e.base, lvalue=lvalue)
            if bt is ERR:
                return ERR
            if isinstance(bt, T.PtrT):
                self.out.uses_refs = True
                return bt.target
            if not isinstance(bt, T.RefT):
                self.err(e, "E425", f"'^' reads what a REF_TO points at, but {_describe(e.base)} is {bt.name}"
                         + (" (a REFERENCE TO is used without '^')" if self.implicit_ref(e.base) else ""))
                return ERR
            return bt.target
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
            if isinstance(bt, T.ConfArrayT):  # bounds known when it runs: checked then
                if len(e.indices) != bt.dims_count:
                    self.err(e, "E323", f"{_describe(e.base)} has {bt.dims_count} dimension(s) but "
                             f"{len(e.indices)} index(es) were given")
                    return ERR
                return bt.elem
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
            if t.is_num or t.is_time or t.is_bits:  # a bit string negates as its unsigned integer (CODESYS)
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
        if isinstance(bt, (T.FBT, T.IfaceT)):
            prop = bt.props.get(key)
            if prop is not None:
                self.check_access(prop, e)
                o.refs[id(e)] = PropRef(prop, e.base)
                if not lvalue and prop.getter is None:
                    self.err(e, "E401", f"the property '{prop.name}' has no GET: it can only be assigned")
                return prop.type
            if key in bt.methods:
                self.err(e, "E203", f"'{e.field}' is a METHOD of {bt.name}: call it, {e.field}(...)")
                return ERR
        if isinstance(bt, T.IfaceT):
            names = [m.name for m in bt.methods.values()] + [p.name for p in bt.props.values()]
            hint = self.hint(e.field, names)
            self.err(e, "E209",
                     f"the interface {bt.name} has no property '{e.field}'" + (f"; {hint}" if hint else ""))
            return ERR
        if isinstance(bt, T.FBT):
            v = bt.vars.get(key) or getattr(bt, "aliases", {}).get(key)
            if v is None or v.kind in ("VAR_TEMP", "RESULT"):
                hint = self.hint(e.field, [x.name for x in bt.vars.values()])
                self.err(
                    e, "E209", f"{bt.name} has no input or output '{e.field}'" + (f"; {hint}" if hint else "")
                )
                return ERR
            o.refs[id(e)] = v
            if isinstance(v.type, T.RefT) and v.type.implicit:
                return v.type.target
            return v.type
        if bt.is_intlike and e.field.isdigit():
            return T.BOOL
        if isinstance(bt, T.RefT) and not bt.implicit:
            # IEC 61131-3 and CODESYS reach what a REF_TO or POINTER refers to only through ^
            # (a REFERENCE TO needs none: that is its name alone)
            base = _describe(e.base).strip("'") if _describe(e.base) != "the expression" else "r"
            self.err(e, "E209", f"{_describe(e.base)} is {bt.name}, not the {bt.target.name} it refers to: "
                                f"write {base}^.{e.field}")
            return ERR
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
        pointers = (T.RefT, T.IfaceT, T.NullT)
        if isinstance(lt, pointers) or isinstance(rt, pointers):
            return self.pointer_compare(e, lt, rt)
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

    def pointer_compare(self, e: A.BinaryOp, lt: T.Type, rt: T.Type) -> T.Type:
        """r = NULL, r <> 0, itf = 0, r1 = r2 (the same variable), itf1 = itf2 (the same instance)."""
        def null(t):
            return isinstance(t, T.NullT) or (isinstance(t, T.IntLitT) and t.value == 0)
        ok = e.op in ("=", "<>") and (
            (isinstance(lt, (T.RefT, T.IfaceT)) and null(rt))
            or (isinstance(rt, (T.RefT, T.IfaceT)) and null(lt))
            or (isinstance(lt, T.RefT) and isinstance(rt, T.RefT) and T.same(lt.target, rt.target))
            or (isinstance(lt, T.IfaceT) and isinstance(rt, T.IfaceT))
            or (null(lt) and null(rt))
        )
        if not ok:
            self.err(e, "E306", f"cannot use '{e.op}' on {lt.name} and {rt.name}: a reference or interface "
                     "is compared with '=' or '<>' to another one or to 0 / NULL")
            return ERR
        for side, t in ((e.left, lt), (e.right, rt)):
            if null(t):
                self.out.types[id(side)] = T.NULL
                self.out.consts.pop(id(side), None)
        return T.BOOL

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


# ----------------------------------------------------------------------------- helpers

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
