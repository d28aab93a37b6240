"""Declarations and types: resolves type names and builds the declared types (structures,
enumerations, arrays, subranges, strings), declares the variables of each section with their
initial values, checks where a value of one type may go (assignment compatibility), the storage
a program needs, and at the end which PROGRAM runs and which declarations are never used.
"""

from __future__ import annotations

import math

from . import ast as A
from . import stdlib
from . import types as T
from .check_context import (
    ERR,
    MAX_ARRAY_ELEMENTS,
    MAX_STORAGE,
    MAX_TYPE_DEPTH,
    CheckContext,
    NotConst,
    PouInfo,
    VarInfo,
    _cycle_groups,
    _parse_conversion,
    f32,
)


class DeclarationChecks(CheckContext):
    # ------------------------------------------------------------------ storage
    def check_storage(self) -> None:
        """Count the storage of every type through every level, refuse type cycles (a structure or FB
        that holds itself, through any chain), nesting past MAX_TYPE_DEPTH and programs past
        MAX_STORAGE; each at the declaration that causes it. An instance is then cheap and finite."""
        sizes: dict[int, tuple[int, int]] = {}  # id(type) -> (storage, nesting depth)
        reported: set[int] = set()
        poisoned: set[int] = set()  # types on a cycle
        for p in self.out.pous.values():
            for v in p.vars.values():
                self.storage_of(v.type, v, sizes, reported, poisoned)
        for v in self.out.globals.values():
            self.storage_of(v.type, v, sizes, reported, poisoned)
        self.out.storage = {k: size for k, (size, _depth) in sizes.items()}
        if self.bag.has_errors:
            return
        # what one instance of the program holds; each function's locals, made at every call
        holders = [(self.out.main, list(self.out.globals.values()) + list(self.out.addresses.values()))]
        holders += [(p, []) for p in self.out.pous.values() if p.kind == "FUNCTION"]
        for p, extra in holders:
            if p is None:
                continue
            total = 0
            for v in [v for v in p.vars.values() if v.kind != "VAR_EXTERNAL"] + extra:
                total += sizes.get(id(v.type), (1, 0))[0]
                if total > MAX_STORAGE:
                    self.err_at(v.line, v.col, "E312",
                                f"'{v.name}' takes the storage of '{p.name}' past the limit of "
                                f"{MAX_STORAGE:,} values ({v.type.name} holds "
                                f"{sizes.get(id(v.type), (1, 0))[0]:,})")
                    break

    def storage_of(self, t: T.Type, var, sizes: dict, reported: set, poisoned: set) -> None:
        """Fill sizes[id(t)] for t and every type inside it, without recursion (a chain of 1200
        types is fine); a type met again while still open is a cycle, reported at the member."""
        if id(t) in sizes:
            return
        # frames: [type, member it was reached through, iterator over its members]
        stack = [[t, var, iter(_members(t))]]
        open_types = {id(t)}
        while stack:
            frame = stack[-1]
            cur = frame[0]
            step = next(frame[2], None)
            if step is not None:
                sub, member = step
                member = member or frame[1]  # an array's elements: the field that holds the array
                if id(sub) in sizes:
                    continue
                if id(sub) in open_types:
                    poisoned.add(id(sub))
                    if member is not None and id(member) not in reported:
                        reported.add(id(member))
                        cur = next(f[0] for f in reversed(stack) if not isinstance(f[0], T.ArrayT))
                        self.err_at(member.line, member.col, "E301",
                                    f"'{_short(sub.name)}' contains itself (through '{member.name}' "
                                    f"of {_short(cur.name)})")
                    continue
                open_types.add(id(sub))
                stack.append([sub, member, iter(_members(sub))])
                continue
            stack.pop()
            open_types.discard(id(cur))
            if id(cur) in poisoned or any(id(sub) in poisoned for sub, _ in _members(cur)):
                poisoned.add(id(cur))  # part of a cycle, reported once: no size, no more errors
                sizes[id(cur)] = (1, 0)
                continue
            size, depth = _own_storage(cur, sizes)
            sizes[id(cur)] = (size, depth)
            where = frame[1]
            if where is not None and id(where) not in reported:
                if depth > MAX_TYPE_DEPTH:
                    reported.add(id(where))
                    self.err_at(where.line, where.col, "E310",
                                f"'{where.name}' nests types more than {MAX_TYPE_DEPTH} levels deep")
                elif size > MAX_STORAGE:
                    reported.add(id(where))
                    self.err_at(where.line, where.col, "E312",
                                f"'{where.name}' of type {_short(cur.name)} needs storage for {size:,} "
                                f"values, more than the limit of {MAX_STORAGE:,}")

    # ------------------------------------------------------------------ types
    def resolve_named(self, name: str, node) -> T.Type:
        key = name.lower()
        if name.upper() in T.ELEMENTARY:
            return T.ELEMENTARY[name.upper()]
        if key in self.out.types_by_name:
            return self.out.types_by_name[key]
        if key in self.type_decls:
            if key in self.resolving:
                self.err(node, "E301", f"type '{name}' is defined in terms of itself")
                return ERR
            self.resolving.add(key)
            td = self.type_decls[key]
            t = self.build_decl_type(td)
            self.resolving.discard(key)
            self.out.types_by_name[key] = t
            return t
        upper = name.upper()
        if upper in self.fb_ifaces:
            return self.std_fb(upper)
        if key in self.out.pous and self.out.pous[key].fbtype is not None:
            return self.out.pous[key].fbtype
        if key in self.out.interfaces:
            return self.out.interfaces[key]
        if key in self.out.pous:
            self.err(node, "E203", f"'{name}' is a {self.out.pous[key].kind}, not a type")
            return ERR
        cands = []
        if self.hints_left > 0:
            cands = list(T.ELEMENTARY) + [td.name for td in self.type_decls.values()] + list(self.fb_ifaces)
            cands += [p.name for p in self.out.pous.values() if p.fbtype is not None]
        hint = self.hint(name, cands)
        self.err(node, "E207", f"unknown type '{name}'" + (f"; {hint}" if hint else ""))
        return ERR

    def std_fb(self, upper: str) -> T.FBT:
        if upper in self.out.std_fbs:
            return self.out.std_fbs[upper]
        fbt = T.FBT(upper, "_FB_" + upper, standard=True)
        for n, tn, role in self.fb_ifaces[upper]:
            kind = {"input": "VAR_INPUT", "output": "VAR_OUTPUT"}.get(role, "VAR")
            t = T.ELEMENTARY.get(tn.upper(), T.INT)
            fbt.vars[n.lower()] = VarInfo(n, t, kind)
        # CODESYS spellings of some parameters (RESET for R ...) name the same variable
        fbt.aliases = {}
        for alias, iec in stdlib.FB_PARAM_ALIASES.get(upper, {}).items():
            if iec.lower() in fbt.vars:
                fbt.aliases[alias.lower()] = fbt.vars[iec.lower()]
        self.out.std_fbs[upper] = fbt
        return fbt

    def build_decl_type(self, td: A.TypeDecl) -> T.Type:
        ref = td.type
        if isinstance(ref, A.StructType):
            st = T.StructT(td.name)
            self.out.types_by_name[td.name.lower()] = st  # allows self-reference detection below
            for d in ref.fields:
                ft = self.resolve_type(d.type)
                if ft is st or (isinstance(ft, T.ArrayT) and ft.elem is st):
                    self.err(d, "E301", f"structure '{td.name}' contains itself")
                    ft = ERR
                for i, n in enumerate(d.names):
                    line, col = d.name_positions[i] if i < len(d.name_positions) else (d.line, d.col)
                    if n.lower() in st.fields:
                        self.err_at(line, col, "E202", f"field '{n}' is declared twice in '{td.name}'")
                        continue
                    self.check_identifier(n, line, col)
                    init = self.init_value(d.init, ft) if d.init is not None else self.type_init(d.type, ft)
                    st.fields[n.lower()] = T.Field(n, ft, init, line, col)
            self.out.structs.append(st)
            return st
        if isinstance(ref, A.EnumType):
            return self.build_enum(td.name, ref)
        t = self.resolve_type(ref, name=td.name)
        return t

    def build_enum(self, name: str, ref: A.EnumType) -> T.Type:
        base = T.INT
        if ref.base:
            b = T.ELEMENTARY.get(ref.base.upper())
            if b is None or not b.is_intlike:
                self.err(ref, "E302", f"enumeration base type must be an integer type, not '{ref.base}'")
            else:
                base = b
        et = T.EnumT(name, base)
        nxt = 0
        for v in ref.values:
            if v.value is not None:
                try:
                    val = self.const_eval(v.value)
                    if not isinstance(val, int) or isinstance(val, bool):
                        raise NotConst
                    nxt = val
                except NotConst:
                    self.err(v.value, "E303", f"the value of '{v.name}' must be an integer constant")
            if v.name.lower() in et.by_lower:
                self.err(v, "E202", f"enumeration value '{v.name}' is declared twice")
                continue
            self.check_identifier(v.name, v.line, v.col)
            if not T.literal_fits(nxt, base):
                self.err(v, "E304", f"enumeration value {nxt} does not fit {base.name}")
            et.add(v.name, nxt)
            nxt += 1
        self.out.enums[name.lower()] = et
        for value in et.by_lower:  # an index: asking every enumeration at each name was quadratic
            self.enum_index.setdefault(value, []).append(et)
        return et

    def enums_with(self, key: str) -> list[T.EnumT]:
        """The enumerations that have a value named key (lower case), in declaration order."""
        return [et for et in self.enum_index.get(key, ()) if self.out.enums.get(et.name.lower()) is et]

    def resolve_type(self, ref: A.TypeRef, name: str | None = None) -> T.Type:
        # types inside types, written inline or through TYPE names, nest this call
        if self.type_depth >= MAX_TYPE_DEPTH:
            self.err(ref, "E310", f"types are nested more than {MAX_TYPE_DEPTH} levels deep here")
            return ERR
        self.type_depth += 1
        try:
            return self._resolve_type(ref, name)
        finally:
            self.type_depth -= 1

    def _resolve_type(self, ref: A.TypeRef, name: str | None = None) -> T.Type:
        if isinstance(ref, A.NamedType):
            return self.resolve_named(ref.name, ref)
        if isinstance(ref, A.StringType):
            n = 80
            if ref.length is not None:
                try:
                    n = self.const_eval(ref.length)
                    if not isinstance(n, int) or n < 1 or n > 65535:
                        self.err(ref.length, "E313", "string length must be an integer from 1 to 65535")
                        n = 80
                except NotConst:
                    self.err(ref.length, "E303", "string length must be a constant")
            return T.StringT(n, ref.wide)
        if isinstance(ref, A.ArrayType):
            dims = []
            for r in ref.ranges:
                try:
                    lo, hi = self.const_eval(r.low), self.const_eval(r.high)
                    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (lo, hi)):
                        raise NotConst
                except NotConst:
                    self.err(r, "E303", "array bounds must be integer constants")
                    lo, hi = 0, 0
                if hi < lo:
                    self.err(r, "E313", f"array range {lo}..{hi} is empty")
                    hi = lo
                dims.append((lo, hi))
            elem = self.resolve_type(ref.element)
            at = T.ArrayT(dims, elem)
            total, inner = at.size, elem
            while isinstance(inner, T.ArrayT):  # ARRAY OF ARRAY OF ...: every level
                total, inner = total * inner.size, inner.elem
            if total > MAX_ARRAY_ELEMENTS:
                self.err(
                    ref, "E312", f"array of {total} elements is larger than the limit of {MAX_ARRAY_ELEMENTS}"
                )
                return ERR  # the variable is unusable: its uses report nothing more
            return at  # ARRAY OF ARRAY stays nested: a[i][j] (a[i, j] is for multi-dimensional arrays)
        if isinstance(ref, A.SubrangeType):
            base = T.ELEMENTARY.get(ref.base.upper())
            if base is None or not base.is_int:
                self.err(ref, "E302", f"a subrange needs an integer base type, not '{ref.base}'")
                return T.INT
            try:
                lo, hi = self.const_eval(ref.low), self.const_eval(ref.high)
            except NotConst:
                self.err(ref, "E303", "subrange bounds must be integer constants")
                return base
            if not (base.lo <= lo <= hi <= base.hi):
                self.err(ref, "E313", f"subrange {lo}..{hi} does not fit {base.name}")
                return base
            return T.Subrange(name or f"{base.name}({lo}..{hi})", base, lo, hi)
        if isinstance(ref, A.EnumType):
            return self.build_enum(name or f"enum@{ref.line}", ref)
        if isinstance(ref, A.StructType):
            self.err(ref, "E311", "a STRUCT must be declared in a TYPE block")
            return ERR
        if isinstance(ref, A.ConformantArrayType):
            elem = self.resolve_type(ref.element)
            return ERR if elem is ERR else T.ConfArrayT(ref.dims, elem)
        if isinstance(ref, A.RefType):
            target = self.resolve_type(ref.target)
            if target is ERR:
                return ERR
            if ref.pointer:
                if isinstance(target, T.ConfArrayT):
                    self.err(ref, "E425", "a POINTER TO ARRAY[*] has no size: give the array its bounds")
                    return ERR
                return T.PtrT(target)
            if isinstance(target, T.RefT):
                self.err(ref, "E425",
                         "a reference to a reference is not allowed: refer to the variable itself")
                return ERR
            return T.RefT(target, ref.implicit)
        return ERR

    # ------------------------------------------------------------------ declarations
    def type_init(self, ref: A.TypeRef, t: T.Type):
        """The initial value a TYPE declaration gives its variables (TYPE Level : INT := 7), through
        aliases; None when it gives none. Computed once per TYPE, so its errors are reported once."""
        for _ in range(MAX_TYPE_DEPTH):
            if not isinstance(ref, A.NamedType):
                return None
            td = self.type_decls.get(ref.name.lower())
            if td is None:
                return None
            if td.init is not None:
                key = id(td)
                if key not in self.type_inits:
                    self.type_inits[key] = self.init_value(td.init, t)
                return self.type_inits[key]
            ref = td.type
        return None

    def constants_in_order(self, decls: list) -> list:
        """A constant's initial value may name one declared later in its section (N2 := N + 1 before
        N := 3), as an array bound may: each is declared after those it names. A circle is an error."""
        names = {n.lower(): d for d in decls for n in d.names}
        after: dict[int, list] = {}
        for d in decls:
            used = _names_in(d.init) if d.init is not None else set()
            after[id(d)] = [names[u] for u in used if u in names and names[u] is not d]
        out, state = [], {}

        def visit(d, path):
            if state.get(id(d)) == "done":
                return
            if state.get(id(d)) == "open":
                circle = path[path.index(d):] + [d]
                self.err(d, "E303", "the constants " + " -> ".join(x.names[0] for x in circle)
                         + " are defined through each other")
                return
            state[id(d)] = "open"
            for x in after[id(d)]:
                visit(x, path + [d])
            state[id(d)] = "done"
            out.append(d)

        for d in decls:
            visit(d, [])
        return out

    def declare_section(self, sec: A.VarSection, pou: PouInfo | None, table: dict) -> None:
        kind = sec.kind
        if pou is not None and kind == "VAR_GLOBAL":
            # a VAR_GLOBAL inside a PROGRAM is a global the whole file can use (CODESYS GVL style)
            table = self.out.globals
            owner = None
        else:
            owner = pou
        if pou is not None and pou.kind == "FUNCTION" and kind == "VAR_OUTPUT":
            pass
        decls = self.constants_in_order(sec.decls) if sec.constant else sec.decls
        for d in decls:
            t = self.resolve_type(d.type)
            if kind == "VAR_EXTERNAL" and pou is not None:
                for i, n in enumerate(d.names):
                    line, col = d.name_positions[i] if i < len(d.name_positions) else (d.line, d.col)
                    g = self.out.globals.get(n.lower())
                    if g is None:
                        self.err_at(line, col, "E208", f"VAR_EXTERNAL '{n}' has no matching VAR_GLOBAL")
                    elif t is not ERR and g.type is not ERR and not T.same(t, g.type):
                        self.err_at(
                            line,
                            col,
                            "E317",
                            f"VAR_EXTERNAL '{n}' is {t.name} but the global is {g.type.name}",
                        )
                continue
            if pou is not None and pou.kind == "FUNCTION" and t.is_fb:
                self.err(d, "E402", "a FUNCTION cannot hold function block instances (they keep state)")
            if isinstance(t, T.ConfArrayT) and kind != "VAR_IN_OUT":
                self.err(d.type, "E313", "ARRAY[*] (any bounds) is only for a VAR_IN_OUT: the caller's array "
                         "gives the bounds; elsewhere give them, ARRAY[1..10] OF ...")
            inner = t
            while isinstance(inner, T.ArrayT):
                inner = inner.elem
            if isinstance(inner, T.FBT) and inner.pou is not None and "ABSTRACT" in inner.pou.node.modifiers:
                self.err(d.type, "E421", f"'{inner.name}' is ABSTRACT: it cannot have instances (declare an "
                         "instance of a function block that extends it, or a REFERENCE TO or interface)")
            if d.location is not None and not t.is_scalar:
                self.err(d.location, "E318", "only elementary variables can be located AT an address")
            elif d.location is not None and t is not ERR:
                misfit = _address_misfit(d.location.address, t)
                if misfit:
                    self.err(d.location, "E318", misfit)
            init = None
            if d.init is not None:
                init = self.init_value(d.init, t)
            elif kind not in ("VAR_EXTERNAL", "VAR_IN_OUT"):
                init = self.type_init(d.type, t)
            if init is None and d.init is None and sec.constant and kind != "VAR_EXTERNAL":
                self.warn(d, "W401", "a CONSTANT without an initial value is always its type's default")
            for i, n in enumerate(d.names):
                line, col = d.name_positions[i] if i < len(d.name_positions) else (d.line, d.col)
                key = n.lower()
                conv = _parse_conversion(n.upper())
                if n.upper() in self.std_names or (conv is not None and conv[0] is not None):
                    what = "function block" if n.upper() in self.fb_ifaces else "function"
                    self.warn_at(
                        line,
                        col,
                        "W204",
                        f"'{n}' is also the name of the standard {what} {n.upper()}: this variable "
                        f"shadows it in its scope",
                    )
                self.check_identifier(n, line, col)
                if key in table or (
                    pou is not None
                    and pou.kind == "FUNCTION"
                    and key == pou.lname
                    and table is pou.vars
                    and key in table
                ):
                    self.err_at(line, col, "E202", f"'{n}' is declared twice")
                    continue
                v = VarInfo(n, t, kind, line, col, constant=sec.constant, init=init, owner=owner)
                if d.location is not None:
                    v.address = d.location.address
                    if v.address in self.out.addresses or v.address in self.located_at:
                        self.warn(d.location, "W402", f"address {v.address} is used by two variables")
                    v.used = True
                if owner is None:
                    v.used = True  # globals may be used by any POU: no unused warning
                table[key] = v
                if v.address:  # an index: scanning every variable at each address was quadratic
                    self.located_at.setdefault(v.address, []).append(v)

    def _all_located(self):
        for v in self.out.globals.values():
            if v.address:
                yield v
        for p in self.out.pous.values():
            for v in p.vars.values():
                if v.address:
                    yield v

    def check_fb_nesting(self) -> None:
        """An FB instance that (indirectly) contains an instance of its own type never ends."""
        graph: dict[str, set[str]] = {}
        for p in self.out.pous.values():
            if p.fbtype is None:
                continue
            deps = set()
            for v in p.vars.values():
                t = v.type
                while isinstance(t, T.ArrayT):
                    t = t.elem
                if isinstance(t, T.FBT) and not t.standard:
                    deps.add(t.name.lower())
            graph[p.lname] = deps
        graph = {k: {m for m in deps if m in graph} for k, deps in graph.items()}
        on_cycle = _cycle_groups(graph)  # linear; a search from every FB was quadratic
        for start in graph:
            if start in on_cycle:
                p = self.out.pous[start]
                self.err_at(
                    p.node.name_line or p.node.line,
                    p.node.name_col or p.node.col,
                    "E403",
                    f"function block '{p.name}' contains an instance of itself",
                )

    # ------------------------------------------------------------------ initial values
    def init_value(self, init, t: T.Type):
        """Compile-time initial value: scalar python value, list (arrays), dict (structs)."""
        if t is ERR:
            return None
        if isinstance(init, A.ArrayInit):
            if not isinstance(t, T.ArrayT):
                self.err(init, "E314", f"an array initialiser cannot initialise {t.name}")
                return None
            values = []
            for item in init.items:
                n = 1
                if item.repeat is not None:
                    try:
                        n = self.const_eval(item.repeat)
                        if not isinstance(n, int) or n < 0:
                            raise NotConst
                    except NotConst:
                        self.err(item, "E303", "the repeat count must be a non-negative integer constant")
                        n = 1
                v = None if item.value is None else self.init_value(item.value, t.elem)
                values.extend([v] * min(n, t.size + 1))
            if isinstance(t.elem, T.ArrayT) and values and not any(isinstance(v, list) for v in values):
                # a flat list for an array of arrays fills the inner arrays in order
                n = t.elem.size
                values = [values[i : i + n] for i in range(0, len(values), n)]
            if len(values) > t.size:
                self.err(init, "E314", f"{len(values)} initial values for an array of {t.size} elements")
                values = values[: t.size]
            return values
        if isinstance(init, A.StructInit):
            st = t
            if isinstance(st, T.FBT):
                fields = {k: v for k, v in st.vars.items() if v.kind in ("VAR_INPUT", "VAR_OUTPUT", "VAR")}
                ftypes = {k: v.type for k, v in fields.items()}
            elif isinstance(st, T.StructT):
                ftypes = {k: f.type for k, f in st.fields.items()}
            else:
                self.err(init, "E314", f"a structure initialiser cannot initialise {t.name}")
                return None
            out = {}
            for fi in init.fields:
                ft = ftypes.get(fi.name.lower())
                if ft is None:
                    hint = self.hint(fi.name, [k for k in ftypes])
                    self.err(
                        fi, "E209", f"'{t.name}' has no field '{fi.name}'" + (f"; {hint}" if hint else "")
                    )
                    continue
                out[fi.name.lower()] = self.init_value(fi.value, ft)
            return out
        if isinstance(t, (T.ArrayT, T.StructT, T.FBT)):
            self.err(init, "E314", f"{t.name} needs an initialiser in parentheses")
            return None
        # scalar: type the expression and fold it
        save = self.pou
        st = self.expr(init, expected=t if t.is_bool else None)  # a BOOL may start as 0 or 1
        self.pou = save
        try:
            val = self.const_eval(init)
        except NotConst:
            self.err(init, "E303", "an initial value must be a constant expression")
            return None
        if self.check_assignable(st, t, init, "initialise"):
            self.settle(init, t)  # folded as the target's type computes, like an assignment
            val = self.out.consts.get(id(init), val)
        return coerce_const(val, t)

    # ------------------------------------------------------------------ assignment compatibility
    def trunc_to(self, node, dst: T.Type) -> bool:
        """TRUNC is ANY_REAL -> ANY_INT (IEC 61131-3): where an integer type is expected (a target,
        a parameter, a conversion's argument) it gives that type, saturating to its range."""
        if not (isinstance(node, A.Call) and isinstance(dst, T.Elem) and dst.is_int):
            return False
        info = self.out.calls.get(id(node))
        if info is None or info.kind != "std" or info.name != "TRUNC":
            return False
        info.result = dst.base
        self.out.types[id(node)] = dst.base
        return True

    def check_assignable(self, src: T.Type, dst: T.Type, node, verb: str) -> bool:
        if src is ERR or dst is ERR:
            return True
        if isinstance(dst, T.StringT) and isinstance(node, A.StringLiteral) and len(node.value) > dst.length:
            kept = node.value[: dst.length]
            self.warn(
                node,
                "W301",
                f"this text has {len(node.value)} characters but {_string_name(dst)} holds {dst.length}: "
                f"it is stored as {stdlib.format_string(kept, dst.wide)}",
            )
        if isinstance(src, T.IntLitT) and isinstance(dst, T.Elem) and dst.is_intlike:
            if not T.literal_fits(src.value, dst):
                if id(node) in self.out.consts and not _is_plain_literal(node):
                    return True  # a folded expression wraps on store like any other
                self.err(
                    node, "E304", f"the literal {src.value} does not fit {dst.name} ({dst.lo}..{dst.hi})"
                )
                return False
            return True
        if (
            isinstance(dst, T.Elem)
            and dst.base is T.REAL
            and _is_plain_literal(node)
            and not _has_prefix(node)
            and not self.check_real_fits(node, _literal_value(node))
        ):
            return False
        if isinstance(dst, T.Subrange) and id(node) in self.out.consts and _is_plain_literal(node):
            val = self.out.consts[id(node)]
            if isinstance(val, int) and not (dst.lo <= val <= dst.hi):
                self.err(node, "E304", f"the value {val} is outside the subrange {dst.lo}..{dst.hi}")
                return False
        if isinstance(dst, T.PtrT) and isinstance(src, T.NullT):
            self.out.consts[id(node)] = 0  # NULL: address 0
            self.out.types[id(node)] = T.DWORD
            return True
        if isinstance(dst, (T.RefT, T.IfaceT)) or isinstance(src, (T.RefT, T.IfaceT, T.NullT)):
            return self.check_pointer_assignable(src, dst, node, verb)
        if self.trunc_to(node, dst) or T.can_widen(src, dst):
            return True
        if isinstance(src, T.EnumT) and src is dst:
            return True
        if isinstance(src, T.StructT) and src is dst:
            return True
        if isinstance(src, T.FBT) or isinstance(dst, T.FBT):
            self.err(
                node,
                "E305",
                f"cannot {verb} {src.name} to {dst.name}: function block instances are not values",
            )
            return False
        if isinstance(src, T.ArrayT) and isinstance(dst, T.ArrayT) and T.same(src, dst):
            return True
        hint = T.conversion_hint(src, dst)
        if isinstance(dst, T.EnumT) and not isinstance(src, T.EnumT):
            hint = f"write {dst.name}#<value>"
        extra = f": {hint}" if hint else ""
        verb_text = "assign" if verb == "assign" else verb
        if isinstance(src, T.IntLitT):
            sname = f"the integer {src.value}"
        elif isinstance(src, T.RealLitT):
            sname = "a REAL literal"
        else:
            sname = src.name
        self.err(node, "E305", f"cannot {verb_text} {sname} to {dst.name}{extra}")
        return False

    def check_pointer_assignable(self, src: T.Type, dst: T.Type, node, verb: str) -> bool:
        """A REF_TO takes REF(x) of its target type (or of a block that extends it), another such
        reference, or NULL / 0; an interface takes an instance that implements it, another interface
        derived from it, or 0 / NULL."""
        null = isinstance(src, T.NullT) or (isinstance(src, T.IntLitT) and src.value == 0)
        if isinstance(dst, T.RefT) and not dst.implicit or isinstance(dst, T.RefT) and verb == "bind":
            if null:
                self.out.types[id(node)] = T.NULL
                self.out.consts.pop(id(node), None)
                return True
            if isinstance(src, T.RefT) and (
                T.same(src.target, dst.target)
                or isinstance(src.target, T.FBT) and isinstance(dst.target, T.FBT)
                and src.target.derives_from(dst.target)
            ):
                return True
            self.err(node, "E305", f"cannot {verb} {src.name} to {dst.name}" + (
                ": take the reference of a variable with REF(x)" if not isinstance(src, T.RefT) else ""))
            return False
        if isinstance(dst, T.IfaceT):
            if null:
                self.out.types[id(node)] = T.NULL
                self.out.consts.pop(id(node), None)
                return True
            if (isinstance(src, T.FBT) and src.implements(dst)
                    or isinstance(src, T.IfaceT) and src.derives_from(dst)):
                return True
            why = f": {src.name} does not implement {dst.name}" if isinstance(src, (T.FBT, T.IfaceT)) else ""
            self.err(node, "E305", f"cannot {verb} {src.name} to the interface {dst.name}{why}")
            return False
        self.err(node, "E305", f"cannot {verb} {src.name} to {dst.name}")
        return False

    def check_real_fits(self, node, value) -> bool:
        """A REAL literal beyond float32's range (about 3.4e38) is an error, like an integer that
        does not fit: it would silently become INF."""
        if isinstance(value, float) and math.isfinite(value) and math.isinf(f32(value)):
            text = _real_text(value)
            self.err(node, "E304", f"the literal {text} does not fit REAL (at most 3.4028235e38): use LREAL")
            return False
        return True

    # ------------------------------------------------------------------ which PROGRAM runs; unused names
    def choose_main(self) -> None:
        progs = [p for p in self.out.pous.values() if p.kind == "PROGRAM"]
        named = []
        for c in self.sf.configurations:
            pcs = list(c.programs)
            for r in c.resources:
                pcs += r.programs
            named += pcs
        if named:
            pc = named[0]
            p = self.out.pous.get(pc.program_type.lower())
            if p is None or p.kind != "PROGRAM":
                hint = self.hint(pc.program_type, [x.name for x in progs])
                self.err(
                    pc,
                    "E203",
                    f"the configuration runs '{pc.program_type}', which is not a PROGRAM"
                    + (f"; {hint}" if hint else ""),
                )
                return
            if len(named) > 1:
                self.warn(named[1], "W405", "only the first program of the configuration runs")
            self.out.main = p
            return
        if not progs:
            if not self.bag.has_errors:
                self.bag.error(
                    "E409", "no PROGRAM found: the file needs exactly one PROGRAM ... END_PROGRAM", 1, 1
                )
            return
        if len(progs) > 1:
            p = progs[1]
            self.err_at(
                p.node.name_line or p.node.line,
                p.node.name_col or p.node.col,
                "E409",
                f"several PROGRAMs ({', '.join(x.name for x in progs)}): exactly one may run; "
                f"name it in a CONFIGURATION",
            )
            return
        self.out.main = progs[0]

    def output_never_written(self, v: VarInfo, written: bool) -> None:
        if not written:
            stays = "FALSE" if v.type.is_bool else "0"
            self.bag.warning(
                "W202",
                f"output {v.address} ('{v.name}') is never written: it stays {stays}",
                v.line,
                v.col,
            )

    def unused_warnings(self) -> None:
        if self.bag.has_errors:
            return  # a misspelt use makes its variable look unused: only noise next to the error
        externals_written = {
            key
            for p in self.out.pous.values()
            for key, v in p.vars.items()
            if v.kind == "VAR_EXTERNAL" and v.written
        }
        for key, g in self.out.globals.items():
            if g.address and g.address.startswith("%Q") and g.init is None:
                self.output_never_written(g, g.written or key in externals_written)
        for p in self.out.pous.values():
            for v in p.vars.values():
                if v.kind in ("VAR", "VAR_TEMP") and not v.used and not v.address:
                    self.bag.warning("W201", f"variable '{v.name}' is never used", v.line, v.col)
                if v.kind == "VAR_OUTPUT" and not v.written and p.kind != "PROGRAM" and not v.address:
                    self.bag.warning("W202", f"output '{v.name}' is never written", v.line, v.col)
                if v.kind == "VAR_OUTPUT" and not v.written and p.kind == "PROGRAM" and not v.address:
                    self.bag.warning("W202", f"output '{v.name}' is never written", v.line, v.col)
                if v.address and v.address.startswith("%Q") and v.owner is p and v.init is None:
                    self.output_never_written(v, v.written)
                if v.kind == "RESULT" and not v.written:
                    self.bag.warning(
                        "W203",
                        f"function '{p.name}' never assigns its result; it returns {v.type.name}'s default",
                        p.node.name_line or p.node.line,
                        p.node.name_col or p.node.col,
                    )


# ----------------------------------------------------------------------------- helpers


def _string_name(t: T.StringT) -> str:
    return f"{'WSTRING' if t.wide else 'STRING'}[{t.length}]"


def _real_text(value: float) -> str:
    return f"{value:.8g}".replace("e+", "e")


def _literal_value(node):
    """The value a plain literal (or a negated one) spells, before any rounding to its target."""
    if isinstance(node, A.UnaryOp):
        return -node.operand.value
    return node.value


def _has_prefix(node) -> bool:
    lit = node.operand if isinstance(node, A.UnaryOp) else node
    return bool(getattr(lit, "type_prefix", None))


def _is_plain_literal(node) -> bool:
    if isinstance(node, (A.IntLiteral, A.RealLiteral)):
        return True
    if (
        isinstance(node, A.UnaryOp)
        and node.op == "-"
        and isinstance(node.operand, (A.IntLiteral, A.RealLiteral))
    ):
        return True
    return False


def _members(t: T.Type) -> list[tuple[T.Type, object]]:
    """The types a value of type t holds, each with the field or variable that holds it."""
    if isinstance(t, T.ArrayT):
        return [(t.elem, None)]
    if isinstance(t, T.StructT):
        return [(f.type, f) for f in t.fields.values()]
    if isinstance(t, T.FBT) and not t.standard:
        return [(v.type, v) for v in t.vars.values() if v.kind not in ("VAR_EXTERNAL", "VAR_IN_OUT")]
    return []


def _own_storage(t: T.Type, sizes: dict) -> tuple[int, int]:
    """(values held, nesting depth) of t, its members' already in sizes. A value is a scalar, a
    reference or a composite's own object; a string counts one per 8 characters of its length."""
    if isinstance(t, T.StringT):
        return 1 + t.length * (2 if t.wide else 1) // 8, 0
    members = _members(t)
    if isinstance(t, T.ArrayT):
        size, depth = sizes[id(t.elem)]
        return t.size * size, depth + 1
    if isinstance(t, T.FBT) and t.standard:
        return 1 + len(t.vars), 1
    if not members:
        return 1 + (len(t.vars) if isinstance(t, T.FBT) else 0), 0 if not isinstance(t, T.FBT) else 1
    size, depth = 1, 0
    for sub, _ in members:
        s, d = sizes[id(sub)]
        size += s
        depth = max(depth, d)
    if isinstance(t, T.FBT):
        size += sum(1 for v in t.vars.values() if v.kind == "VAR_IN_OUT")
    return size, depth + 1


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# the types each size of address holds (CODESYS sizes: TIME and the dates are 32-bit there)
_ADDRESS_SIZES = {
    "X": ("a bit address", ("BOOL",)),
    "B": ("a byte address (8 bits)", ("SINT", "USINT", "BYTE")),
    "W": ("a word address (16 bits)", ("INT", "UINT", "WORD")),
    "D": (
        "a double-word address (32 bits)",
        ("DINT", "UDINT", "DWORD", "REAL", "TIME", "DATE", "TIME_OF_DAY", "DATE_AND_TIME"),
    ),
    "L": ("a long-word address (64 bits)", ("LINT", "ULINT", "LWORD", "LREAL", "LTIME")),
}


def _address_misfit(address: str, t: T.Type) -> str:
    """Why a variable of type ``t`` cannot sit at ``address`` (canonical, e.g. '%IW0'); '' when it fits."""
    size = address[2:3]
    if size not in _ADDRESS_SIZES:
        return ""
    what, names = _ADDRESS_SIZES[size]
    base = t.base if isinstance(t, (T.Elem, T.EnumT)) else t
    if isinstance(base, T.Elem) and base.base.name in names:
        return ""
    shown = [{"TIME_OF_DAY": "TOD", "DATE_AND_TIME": "DT"}.get(n, n) for n in names]
    choice = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    return f"{address} is {what}: declare {choice}, not {t.name}"


def coerce_const(val, t: T.Type):
    """A folded compile-time value converted to the storage form of type ``t``."""
    if val is None:
        return None
    if isinstance(t, T.Elem):
        if t.is_bool:
            return bool(val)
        if t.is_intlike:
            if isinstance(val, float):
                return None
            return T.wrap(int(val), t)
        if t.is_real:
            return f32(float(val)) if t.base is T.REAL else float(val)
        if (t.is_time or t.is_date) and isinstance(val, int):
            return T.wrap(val, t)  # signed 64-bit counts, as every store of them at run time
        return int(val) if not isinstance(val, str) else val
    if isinstance(t, T.StringT):
        return str(val)[: t.length]
    if isinstance(t, T.EnumT):
        return int(val)
    return val


def _names_in(node) -> set[str]:
    """The lower-case names an initial value's expression reads."""
    found: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Name):
            found.add(n.name.lower())
        elif isinstance(n, list):
            stack.extend(n)
        elif isinstance(n, A.Node):
            stack.extend(getattr(n, f) for f in n.__dataclass_fields__ if f not in ("line", "col"))
    return found
