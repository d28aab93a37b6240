"""Classes: the object-oriented declarations of IEC 61131-3 3rd edition (CODESYS 3, TwinCAT 3). A
FUNCTION_BLOCK's METHODs and PROPERTYs, EXTENDS (inherited variables, methods and properties,
overriding, FINAL), INTERFACEs and IMPLEMENTS (each method and property implemented with the same
signature), ABSTRACT. What a body does with them (calls, THIS^, SUPER^, access) is checked with
the expressions and calls; this part builds the tables they use.
"""

from __future__ import annotations

from . import ast as A
from . import types as T
from .check_context import ERR, CheckContext, PouInfo, PropInfo, VarInfo

ACCESS = ("PUBLIC", "PRIVATE", "PROTECTED", "INTERNAL")


class ClassChecks(CheckContext):
    # ------------------------------------------------------------------ shells
    def declare_interfaces(self) -> None:
        """Interface names, before any type is resolved (a variable or field may be of one)."""
        for itf in self.sf.interfaces:
            key = itf.name.lower()
            if key in self.out.interfaces or key in self.type_decls:
                self.err_at(itf.name_line, itf.name_col, "E202", f"'{itf.name}' is declared twice")
                continue
            self.check_identifier(itf.name, itf.name_line, itf.name_col)
            it = T.IfaceT(itf.name)
            it.node = itf
            self.out.interfaces[key] = it

    # ------------------------------------------------------------------ the whole hierarchy
    def build_classes(self) -> None:
        """After every POU's variables are declared: EXTENDS, interfaces, methods, properties."""
        order = self.extends_order()
        self.out.fb_order = order
        done: set[int] = set()
        for it in self.out.interfaces.values():
            self.build_interface(it, done, set())
        for info in order:
            self.inherit_vars(info)
        for info in order:
            self.build_members(info)
        for info in order:
            self.check_implements(info)
            self.check_abstract(info)
        for p in self.out.pous.values():
            if p.kind != "FUNCTION_BLOCK" and (p.node.methods or p.node.properties):
                first = (p.node.methods or p.node.properties)[0]
                self.err_at(first.line, first.col, "E424",
                            f"METHOD and PROPERTY belong in a FUNCTION_BLOCK, not in a {p.kind}")

    def extends_order(self) -> list[PouInfo]:
        """The function blocks, each after the one it extends; reports bad EXTENDS."""
        fbs = [p for p in self.out.pous.values() if p.kind == "FUNCTION_BLOCK"]
        for p in self.out.pous.values():
            node = p.node
            mods = set(node.modifiers)
            if p.kind != "FUNCTION_BLOCK":
                continue
            p.fbtype.abstract = "ABSTRACT" in mods
            p.fbtype.final = "FINAL" in mods
            if p.fbtype.abstract and p.fbtype.final:
                self.err_at(node.name_line, node.name_col, "E424",
                            f"'{p.name}' cannot be both ABSTRACT and FINAL")
            if not node.extends:
                continue
            if len(node.extends) > 1:
                self.err_at(node.name_line, node.name_col, "E424",
                            f"'{p.name}' extends {len(node.extends)} function blocks: a function block "
                            "extends one (it may implement several interfaces)")
            name = node.extends[0]
            base = self.out.pous.get(name.lower())
            if base is None or base.kind != "FUNCTION_BLOCK":
                what = "is not declared" if base is None and name.upper() not in self.fb_ifaces else (
                    "is a standard function block: only a user FUNCTION_BLOCK can be extended"
                    if base is None else f"is a {base.kind}, not a FUNCTION_BLOCK")
                self.err_at(node.name_line, node.name_col, "E424" if base is not None or
                            name.upper() in self.fb_ifaces else "E207",
                            f"'{p.name}' EXTENDS '{name}', which {what}")
                continue
            if base.fbtype.final or "FINAL" in base.node.modifiers:
                self.err_at(node.name_line, node.name_col, "E422",
                            f"'{p.name}' cannot extend '{base.name}': it is FINAL")
            p.base = base
            p.fbtype.base = base.fbtype
            base.extended = True
        order: list[PouInfo] = []
        state: dict[str, int] = {}  # 1 visiting, 2 done
        for p in fbs:
            chain = []
            cur = p
            while cur is not None and state.get(cur.lname) is None:
                state[cur.lname] = 1
                chain.append(cur)
                cur = cur.base
            if cur is not None and state.get(cur.lname) == 1:  # a circle of EXTENDS
                node = cur.node
                self.err_at(node.name_line, node.name_col, "E424",
                            f"'{cur.name}' extends itself through EXTENDS")
                for q in chain:
                    q.base = None
                    q.fbtype.base = None
            for q in reversed(chain):
                state[q.lname] = 2
                order.append(q)
        return order

    def inherit_vars(self, info: PouInfo) -> None:
        base = info.base
        if base is None:
            return
        own = info.vars
        merged: dict[str, VarInfo] = {}
        for k, v in base.vars.items():
            if v.kind not in ("VAR_TEMP",):
                merged[k] = v
        for k, v in own.items():
            if k in merged:
                self.err_at(v.line, v.col, "E202",
                            f"'{v.name}' is already declared in '{base.name}', which '{info.name}' extends")
                continue
            merged[k] = v
        info.vars = merged
        info.fbtype.vars = merged

    # ------------------------------------------------------------------ methods and properties
    def make_method(self, node, fb: PouInfo | None, name: str, accessor: str | None, rt_ref,
                    sections: list, body: list, modifiers: list[str], line: int, col: int) -> PouInfo:
        pnode = A.Pou("METHOD", name, sections, body, return_type=rt_ref, name_line=line, name_col=col,
                      line=node.line, col=node.col, end_line=node.end_line, end_col=node.end_col)
        self.out.keep.append(pnode)
        info = PouInfo(name, "METHOD", pnode, parent=fb, accessor=accessor)
        mods = set(modifiers)
        access = [m for m in modifiers if m in ACCESS]
        if len(access) > 1:
            self.err_at(line, col, "E424", f"'{name}' has more than one access specifier")
        info.access = access[0] if access else "PUBLIC"
        info.abstract = "ABSTRACT" in mods
        info.final = "FINAL" in mods
        saved = self.pou
        self.pou = info
        if rt_ref is not None:
            info.return_type = self.resolve_type(rt_ref)
            info.vars[info.lname] = VarInfo(name, info.return_type, "RESULT", line, col, owner=info)
        for sec in [s for s in sections if s.constant] + [s for s in sections if not s.constant]:
            if sec.kind in ("VAR_GLOBAL", "VAR_EXTERNAL"):
                self.err(sec, "E424", f"{sec.kind} cannot stand in a METHOD or PROPERTY")
                continue
            self.declare_section(sec, info, info.vars)
        self.pou = saved
        if fb is None and body:
            self.err(body[0], "E424", f"'{name}' is declared in an INTERFACE: it has no body")
        if info.abstract and body:
            self.err(body[0], "E424", f"the ABSTRACT method '{name}' has no body")
        return info

    def accessors_of(self, prop: A.Property, fb: PouInfo | None) -> PropInfo:
        saved = self.pou
        self.pou = fb
        t = self.resolve_type(prop.type)
        self.pou = saved
        info = PropInfo(prop.name, t, parent=fb, line=prop.name_line, col=prop.name_col)
        access = [m for m in prop.modifiers if m in ACCESS]
        info.access = access[0] if access else "PUBLIC"
        kinds = []
        accessors = prop.accessors
        if fb is None and not accessors:  # an interface property that lists no accessor: both
            accessors = [A.PropertyAccessor(k, [], [], line=prop.line, col=prop.col) for k in ("GET", "SET")]
        for acc in accessors:
            if acc.kind in kinds:
                self.err(acc, "E202", f"the property '{prop.name}' has two {acc.kind} accessors")
                continue
            kinds.append(acc.kind)
            if acc.kind == "GET":
                info.getter = self.make_method(acc, fb, prop.name, "GET", prop.type, acc.var_sections,
                                               acc.body, prop.modifiers, prop.name_line, prop.name_col)
            else:
                decl = A.VarDecl([prop.name], prop.type, name_positions=[(prop.name_line, prop.name_col)],
                                 line=prop.name_line, col=prop.name_col)
                value_in = A.VarSection("VAR_INPUT", [decl], line=prop.line, col=prop.col)
                info.setter = self.make_method(acc, fb, prop.name, "SET", None, [value_in, *acc.var_sections],
                                               acc.body, prop.modifiers, prop.name_line, prop.name_col)
        info.accessors = tuple(kinds) if kinds else ("GET", "SET")
        if fb is not None and not kinds:
            self.err_at(prop.name_line, prop.name_col, "E424",
                        f"the property '{prop.name}' has neither GET nor SET")
        for m in (info.getter, info.setter):
            if m is not None:
                self.out.methods.append(m)
        return info

    def build_interface(self, it: T.IfaceT, done: set[int], visiting: set[int]) -> None:
        if id(it) in done:
            return
        node = it.node
        if id(it) in visiting:
            self.err_at(node.name_line, node.name_col, "E424", f"'{it.name}' extends itself")
            return
        visiting.add(id(it))
        for name in node.extends:
            base = self.interface_named(node, it.name, "EXTENDS", name)
            if base is None:
                continue
            self.build_interface(base, done, visiting)
            if id(base) in visiting:
                continue
            it.bases.append(base)
            it.methods.update(base.methods)
            it.props.update(base.props)
        visiting.discard(id(it))
        done.add(id(it))
        for m in node.methods:
            info = self.make_method(m, None, m.name, None, m.return_type, m.var_sections, m.body,
                                    m.modifiers, m.name_line, m.name_col)
            old = it.methods.get(info.lname)
            if old is not None and not same_signature(old, info):
                self.err_at(m.name_line, m.name_col, "E423",
                            f"'{it.name}.{m.name}' differs from the method it inherits: {describe(old)}")
            it.methods[info.lname] = info
        for prop in node.properties:
            for acc in prop.accessors:
                if acc.body:
                    self.err(acc.body[0], "E424",
                             f"'{prop.name}' is declared in an INTERFACE: it has no body")
            pi = self.accessors_of(prop, None)
            it.props[pi.lname] = pi

    def build_members(self, info: PouInfo) -> None:
        fbt = info.fbtype
        base = info.base
        fbt.methods = dict(base.fbtype.methods) if base is not None else {}
        fbt.props = dict(base.fbtype.props) if base is not None else {}
        own: set[str] = set()
        for m in info.node.methods:
            key = m.name.lower()
            mi = self.make_method(m, info, m.name, None, m.return_type, m.var_sections, m.body,
                                  m.modifiers, m.name_line, m.name_col)
            if not self.new_member(info, own, m, fbt.props):
                continue
            old = fbt.methods.get(key)
            if old is not None:
                self.check_override(old, mi, m.name_line, m.name_col)
            elif "OVERRIDE" in m.modifiers:
                self.err_at(m.name_line, m.name_col, "E423",
                            f"'{m.name}' is declared OVERRIDE but '{info.name}' inherits no method "
                            "of that name")
            fbt.methods[key] = mi
            self.out.methods.append(mi)
        for prop in info.node.properties:
            key = prop.name.lower()
            if not self.new_member(info, own, prop, fbt.methods):
                continue
            pi = self.accessors_of(prop, info)
            old = fbt.props.get(key)
            if old is None and "OVERRIDE" in prop.modifiers:
                self.err_at(prop.name_line, prop.name_col, "E423",
                            f"'{prop.name}' is declared OVERRIDE but '{info.name}' inherits no "
                            "property of that name")
            if old is not None:
                if not T.same(old.type, pi.type):
                    self.err_at(prop.name_line, prop.name_col, "E423",
                                f"'{prop.name}' is {pi.type.name} but the property it overrides is "
                                f"{old.type.name}")
                for a, b in ((old.getter, pi.getter), (old.setter, pi.setter)):
                    if a is not None and b is not None and a.final:
                        self.err_at(prop.name_line, prop.name_col, "E422",
                                    f"'{prop.name}' overrides a FINAL property of '{a.parent.name}'")
                # an accessor the override leaves out is inherited
                pi.getter = pi.getter or old.getter
                pi.setter = pi.setter or old.setter
            fbt.props[key] = pi

    def new_member(self, info: PouInfo, own: set[str], node, others: dict) -> bool:
        """A method or property name not yet taken in the block (False: reported, skip it)."""
        key = node.name.lower()
        if key in own:
            self.err_at(node.name_line, node.name_col, "E202", f"'{node.name}' is declared twice")
            return False
        own.add(key)
        if key in info.vars or key in others:
            self.err_at(node.name_line, node.name_col, "E202",
                        f"'{node.name}' names a variable, method or property of '{info.name}' too")
        return True

    def check_override(self, old: PouInfo, new: PouInfo, line: int, col: int) -> None:
        if old.final:
            self.err_at(line, col, "E422", f"'{new.name}' overrides a FINAL method of '{old.parent.name}'")
        if not same_signature(old, new):
            self.err_at(line, col, "E423",
                        f"'{new.name}' overrides '{old.parent.name}.{old.name}' with another signature: "
                        f"it must be {describe(old)}")

    def interface_named(self, node, who: str, verb: str, name: str) -> T.IfaceT | None:
        it = self.out.interfaces.get(name.lower())
        if it is None:
            self.err_at(node.name_line, node.name_col, "E207",
                        f"'{who}' {verb} '{name}', which is not an INTERFACE")
        return it

    # ------------------------------------------------------------------ IMPLEMENTS, ABSTRACT
    def check_implements(self, info: PouInfo) -> None:
        node = info.node
        fbt = info.fbtype
        for name in node.implements:
            it = self.interface_named(node, info.name, "IMPLEMENTS", name)
            if it is None:
                continue
            fbt.interfaces.append(it)
            for key, proto in it.methods.items():
                impl = fbt.methods.get(key)
                if impl is None:
                    self.err_at(node.name_line, node.name_col, "E423",
                                f"'{info.name}' does not implement the method '{proto.name}' of '{it.name}'")
                elif not same_signature(proto, impl):
                    n = impl.node
                    self.err_at(n.name_line, n.name_col, "E423",
                                f"'{info.name}.{impl.name}' must have the signature of "
                                f"'{it.name}.{proto.name}': {describe(proto)}")
            for key, proto in it.props.items():
                impl = fbt.props.get(key)
                if impl is None:
                    self.err_at(node.name_line, node.name_col, "E423",
                                f"'{info.name}' does not implement the property '{proto.name}' of "
                                f"'{it.name}'")
                    continue
                if not T.same(proto.type, impl.type):
                    self.err_at(impl.line, impl.col, "E423",
                                f"the property '{impl.name}' is {impl.type.name}, but '{it.name}' "
                                f"declares it {proto.type.name}")
                for kind in proto.accessors:
                    if (impl.getter if kind == "GET" else impl.setter) is None:
                        self.err_at(impl.line, impl.col, "E423",
                                    f"the property '{impl.name}' needs a {kind} for '{it.name}'")

    def check_abstract(self, info: PouInfo) -> None:
        fbt = info.fbtype
        if fbt.abstract:
            return
        accessors = [a for p in fbt.props.values() for a in (p.getter, p.setter) if a]
        for m in list(fbt.methods.values()) + accessors:
            if m.abstract:
                node = info.node
                where = "declares" if m.parent is info else f"inherits from '{m.parent.name}'"
                self.err_at(node.name_line, node.name_col, "E421",
                            f"'{info.name}' {where} the ABSTRACT method '{m.name}' without implementing "
                            f"it: implement it, or declare '{info.name}' ABSTRACT")
                return

    def check_access(self, member, node) -> None:
        """PRIVATE: only in the block that declares it; PROTECTED: there and in blocks that extend it
        (CODESYS 3). PUBLIC and INTERNAL (one file is one namespace): anywhere."""
        decl = member.parent
        if decl is None or member.access in ("PUBLIC", "INTERNAL"):
            return
        here = self.current_fb()
        if member.access == "PRIVATE" and here is decl:
            return
        if member.access == "PROTECTED" and here is not None and here.fbtype.derives_from(decl.fbtype):
            return
        what = "method" if isinstance(member, PouInfo) and member.accessor is None else "property"
        where = f"'{decl.name}'" + (" and the blocks that extend it" if member.access == "PROTECTED" else "")
        self.err(node, "E420", f"the {what} '{member.name}' is {member.access}: only {where} may use it")

    def check_method_bodies(self) -> None:
        for m in self.out.methods:
            if m.parent is None or m.abstract:
                continue
            self.pou = m
            self.loop_depth = 0
            self.body(m.node.body)
        self.pou = None


def params_of(m: PouInfo) -> list[VarInfo]:
    return [v for v in m.vars.values() if v.kind in ("VAR_INPUT", "VAR_OUTPUT", "VAR_IN_OUT")]


def same_signature(a: PouInfo, b: PouInfo) -> bool:
    ra, rb = a.return_type, b.return_type
    if (ra is None) != (rb is None) or (ra is not None and not _same(ra, rb)):
        return False
    pa, pb = params_of(a), params_of(b)
    return len(pa) == len(pb) and all(
        x.kind == y.kind and x.lname == y.lname and _same(x.type, y.type) for x, y in zip(pa, pb, strict=True)
    )


def _same(a: T.Type, b: T.Type) -> bool:
    return a is ERR or b is ERR or T.same(a, b)


def describe(m: PouInfo) -> str:
    parts = [f"{v.kind} {v.name} : {v.type.name}" for v in params_of(m)]
    text = f"METHOD {m.name}" + (f" : {m.return_type.name}" if m.return_type is not None else "")
    return text + (" (" + "; ".join(parts) + ")" if parts else " (no parameters)")
