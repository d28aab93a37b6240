"""Calls: function block instance calls, user functions, standard functions (their arguments,
formal or positional, and result types), the function forms of the time and date operators, BCD
and type conversions, EN/ENO; and, over the whole program, that no POU calls itself in a circle.
"""

from __future__ import annotations

from . import ast as A
from . import types as T
from .check_context import (
    _GENERIC_VALUES,
    BCD_CONVERSIONS,
    ERR,
    OPERATOR_FUNCTIONS,
    STD_FUNCTIONS,
    CallInfo,
    CheckContext,
    PouInfo,
    PropRef,
    VarInfo,
    _cycle_groups,
    _describe,
    _intish,
    _parse_conversion,
)


class CallChecks(CheckContext):
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
        if isinstance(f, A.Deref) and isinstance(f.base, A.Super):
            return self.super_body_call(e, statement)
        if isinstance(f, A.FieldAccess):
            bt = self.expr(f.base)
            if bt is ERR:
                self.args_only(e)
                return ERR
            if isinstance(bt, (T.FBT, T.IfaceT)) and f.field.lower() in bt.methods:
                return self.method_call(e, bt.methods[f.field.lower()], f.base)
        own = self.lookup_var(f.name) if isinstance(f, A.Name) else None
        if isinstance(f, A.Name) and (own is None or own.kind == "RESULT" and own.owner is self.pou):
            fb = self.current_fb()  # M(...) inside METHOD M is a recursive call, not its result
            m = fb.fbtype.methods.get(f.name.lower()) if fb is not None else None
            if m is not None:
                return self.method_call(e, m, None)  # M(...) in the block or its methods: THIS^.M(...)
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
        if upper in ("REF", "__ISVALIDREF"):
            return self.ref_call(e, upper)
        if upper == "ADR":
            return self.adr_call(e)
        if upper == "SIZEOF":
            return self.sizeof_call(e)
        if upper in ("LOWER_BOUND", "UPPER_BOUND"):
            return self.bound_call(e, upper)
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

    def method_call(self, e: A.Call, m: PouInfo, instance: A.Expr | None) -> T.Type:
        """inst.M(...), M(...) inside the block (THIS^), SUPER^.M(...) (the base's code), itf.M(...)."""
        self.check_access(m, e.func)
        static = None
        if isinstance(instance, A.Deref) and isinstance(instance.base, A.Super):
            static = self.current_fb().base
            if m.abstract:
                self.err(e.func, "E421",
                         f"'{m.name}' is ABSTRACT in '{m.parent.name}': SUPER^ has no code to run")
        return self.func_call(e, m, kind="method", instance=instance, static=static)

    def super_body_call(self, e: A.Call, statement: bool) -> T.Type:
        """SUPER^(): the body of the function block this one extends, on this instance."""
        t = self.expr(e.func.base)
        if t is ERR:
            self.args_only(e)
            return ERR
        if not statement:
            self.err(e, "E406", "SUPER^() runs the base block's body: it is a statement")
        if e.args:
            self.err(e, "E412",
                     "SUPER^() takes no arguments: it runs the base body with this instance's inputs")
            self.args_only(e)
        base = self.current_fb().base
        self.out.calls[id(e)] = CallInfo("super", base.name, T.BOOL, pou=base, static=base)
        return T.BOOL

    def ref_call(self, e: A.Call, upper: str) -> T.Type:
        """REF(x): a reference to the variable x (IEC 61131-3 3rd edition); __ISVALIDREF(r) (CODESYS):
        TRUE when the REFERENCE TO, REF_TO or interface r refers to something."""
        a = self.one_arg(e, f"{upper} takes one argument, a variable")
        if a is None:
            return ERR
        if upper == "__ISVALIDREF":
            t = self.expr(a)
            if t is ERR:
                return ERR
            ref = self.out.refs.get(id(a))
            raw = ref.type if isinstance(ref, VarInfo) else t
            if not isinstance(raw, (T.RefT, T.IfaceT)):
                self.err(a, "E425", f"__ISVALIDREF needs a REFERENCE TO, REF_TO or interface, not {t.name}")
                return ERR
            self.out.calls[id(e)] = CallInfo("std", upper, T.BOOL, args=[a], arg_types=[raw])
            return T.BOOL
        t = self.referable(a, "REF()")
        if t is ERR:
            return ERR
        rt = T.RefT(t)
        self.out.calls[id(e)] = CallInfo("std", upper, rt, args=[a], arg_types=[t])
        return rt

    def one_arg(self, e: A.Call, message: str) -> A.Expr | None:
        """The one positional argument of e, or None after error E412 ``message``."""
        if len(e.args) != 1 or e.args[0].kind != "positional" or e.args[0].value is None:
            self.err(e, "E412", message)
            self.args_only(e)
            return None
        return e.args[0].value

    def adr_call(self, e: A.Call) -> T.Type:
        """ADR(x) (CODESYS): the address of the variable x, a POINTER TO its type (st/memory.py)."""
        a = self.one_arg(e, "ADR takes one argument, a variable")
        if a is None:
            return ERR
        if isinstance(a, A.BitAccess):
            self.err(a, "E425",
                     "ADR needs a variable: a bit has no address of its own (BITADR is not supported)")
            self.expr(a)
            return ERR
        found = self.address_root(a, "ADR")
        if found is None:
            return ERR
        t, root, _ref = found
        if isinstance(t, (T.ConfArrayT, T.IfaceT)) or isinstance(root, (A.This, A.Super)):
            self.err(a, "E425", f"ADR of {t.name}: not supported (give ADR the variable itself)")
            return ERR
        if isinstance(a, A.IndexAccess) and isinstance(self.out.types.get(id(a.base)), T.ConfArrayT):
            self.err(a, "E425", "ADR of an element of an ARRAY[*]: not supported")
            return ERR
        pt = T.PtrT(t)
        self.out.calls[id(e)] = CallInfo("std", "ADR", pt, args=[a], arg_types=[t])
        return pt

    def sizeof_call(self, e: A.Call) -> T.Type:
        """SIZEOF(x) / SIZEOF(T) (CODESYS): the bytes x or T takes, a constant (st/memory.py's layout)."""
        from .memory import sizeof

        a = self.one_arg(e, "SIZEOF takes one argument, a variable or a type")
        if a is None:
            return ERR
        t = None
        if isinstance(a, A.Name) and self.lookup_var(a.name) is None:
            key = a.name.lower()
            if (a.name.upper() in T.ELEMENTARY or key in self.out.types_by_name or key in self.type_decls
                    or a.name.upper() in self.fb_ifaces
                    or key in self.out.pous and self.out.pous[key].fbtype is not None):
                t = self.resolve_named(a.name, a)
        if t is None:
            t = self.expr(a)
        if t is ERR:
            return ERR
        if isinstance(t, (T.IntLitT, T.RealLitT)) or isinstance(t, T.ConfArrayT):
            self.err(a, "E425", f"SIZEOF needs a variable or a type, not {t.name}")
            return ERR
        n = sizeof(t)
        self.out.consts[id(e)] = n
        rt = T.IntLitT(n)
        self.out.calls[id(e)] = CallInfo("std", "SIZEOF", rt, args=[], arg_types=[])
        return rt

    def bound_call(self, e: A.Call, upper: str) -> T.Type:
        """LOWER_BOUND(arr, dim) / UPPER_BOUND(arr, dim) (IEC 61131-3 3rd edition): a bound of dimension
        dim (a constant from 1) of an array; of an ARRAY[*] VAR_IN_OUT, the bound of the array passed."""
        args = [a.value for a in e.args if a.kind == "positional" and a.value is not None]
        if len(args) != 2 or len(args) != len(e.args):
            self.err(e, "E412", f"{upper} takes two arguments: the array and the dimension (1, 2 ...)")
            self.args_only(e)
            return ERR
        at = self.expr(args[0])
        self.expr(args[1])
        if at is ERR:
            return ERR
        if not isinstance(at, (T.ArrayT, T.ConfArrayT)):
            self.err(args[0], "E325", f"{upper} needs an array, not {at.name}")
            return ERR
        dims = at.dims_count if isinstance(at, T.ConfArrayT) else len(at.dims)
        dim = self.out.consts.get(id(args[1]))
        if not isinstance(dim, int) or isinstance(dim, bool) or not 1 <= dim <= dims:
            self.err(args[1], "E325", f"the dimension of {upper} is a constant from 1 to {dims}")
            return ERR
        self.out.calls[id(e)] = CallInfo("std", upper, T.DINT, args=args, arg_types=[at, T.DINT])
        return T.DINT

    def address_root(self, a: A.Expr, what: str) -> tuple[T.Type, A.Expr, object] | None:
        """The type of the variable ``a``, the variable under it (the root of its fields and indexes) and
        what that names; None after an error (E425 when ``a`` is an expression, a bit or a property,
        which have no address)."""
        if not isinstance(a, (A.Name, A.FieldAccess, A.IndexAccess, A.Deref)):
            self.err(a, "E425", f"{what} needs a variable, not an expression")
            self.expr(a)
            return None
        t = self.expr(a)
        if t is ERR:
            return None
        self.out.uses_refs = True
        prop = isinstance(self.out.refs.get(id(a)), PropRef)
        if isinstance(a, A.FieldAccess) and (a.field.isdigit() or prop):
            self.err(a, "E425", f"{what} needs a variable: a bit or a property has no address of its own")
            return None
        root = a
        while isinstance(root, (A.FieldAccess, A.IndexAccess)):
            root = root.base
        ref = self.out.refs.get(id(root))
        if isinstance(ref, PropRef):
            self.err(a, "E425", f"{what} needs a variable: the property '{ref.prop.name}' has no address")
            return None
        return t, root, ref

    def referable(self, a: A.Expr, what: str) -> T.Type:
        """The type of a variable a reference may point at, reporting one that has no lasting place."""
        found = self.address_root(a, what)
        if found is None:
            return ERR
        t, root, ref = found
        lasting = not isinstance(ref, VarInfo) or ref.owner is None or ref.kind in ("VAR_EXTERNAL", "ADDR")
        if not lasting and (
            ref.kind == "VAR_TEMP" or (ref.owner.funclike and ref.owner is self.pou and not (
                ref.kind == "VAR_IN_OUT" and ref.type.is_scalar and root is a))
        ):
            self.err(a, "E425", f"{what} of '{ref.name}': a VAR_TEMP or a variable of a FUNCTION or METHOD "
                     "lives only during the call, so a reference to it would outlive it")
            return ERR
        if isinstance(ref, VarInfo) and ref.constant:
            self.err(a, "E425", f"{what} of the constant '{ref.name}': a constant cannot be written "
                     "through a reference")
            return ERR
        return t

    def func_call(self, e: A.Call, p: PouInfo, kind: str = "func", instance=None, static=None) -> T.Type:
        info = CallInfo(kind, p.name, p.return_type or T.BOOL, pou=p, instance=instance, static=static)
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
        # the literals 0 and 1 are BOOLs in a BOOL parameter, as in a user POU's (SEL(1, a, b))
        ts = [self.expr(a, expected=T.BOOL if (upper, i) in _BOOL_PARAMETERS else None)
              for i, a in enumerate(args)]
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
        src_bool = src_name is not None and T.CONVERSION_NAMES[src_name].is_bool
        t = self.expr(a, expected=T.BOOL if src_bool else None)  # BOOL_TO_INT(1): 0/1 are BOOLs here
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
            if src.is_string and t.is_string or self.trunc_to(a, src):
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


# ----------------------------------------------------------------------------- helpers

_KIND_WORDS = {"time": "a TIME", "tod": "a TOD", "dt": "a DT", "date": "a DATE", "num": "a number"}
# (function, position) of the standard functions' BOOL parameters: SEL's selector G
_BOOL_PARAMETERS = {("SEL", 0)}
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
