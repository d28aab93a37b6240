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
from . import types as T
from .check_calls import CallChecks
from .check_classes import ClassChecks
from .check_context import (
    BCD_CONVERSIONS,
    ERR,
    MAX_ARRAY_ELEMENTS,
    MAX_CONST_BITS,
    MAX_HINTS,
    MAX_STORAGE,
    MAX_TYPE_DEPTH,
    OPERATOR_FUNCTIONS,
    STD_FUNCTIONS,
    VENDOR_STD_NAMES,
    CallInfo,
    CheckContext,
    CheckedProgram,
    ConstTooLarge,
    EnumRef,
    NotConst,
    PouInfo,
    PropInfo,
    PropRef,
    VarInfo,
    _parse_conversion,
    f32,
    std_fb_interfaces,
    std_names,
)
from .check_declarations import DeclarationChecks, coerce_const
from .check_expressions import ExpressionChecks, date_result
from .check_statements import StatementChecks

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
    "PropInfo",
    "PropRef",
    "VarInfo",
    "check",
    "check_expression",
    "coerce_const",
    "date_result",
    "f32",
    "std_fb_interfaces",
    "std_names",
]


class Checker(DeclarationChecks, StatementChecks, ExpressionChecks, CallChecks, ClassChecks):
    """One check of one file: the parts' methods on one shared state (st/check_context.py)."""

    # ------------------------------------------------------------------ driver
    def run(self) -> CheckedProgram:
        sf = self.sf
        self.declare_interfaces()
        for td in sf.types:
            key = td.name.lower()
            if key in self.type_decls or key in self.out.types_by_name or key in self.out.interfaces:
                self.err(td, "E202", f"type '{td.name}' is declared twice")
                continue
            if td.name.upper() in T.ELEMENTARY or td.name.upper() in self.fb_ifaces:
                self.err(td, "E204", f"'{td.name}' is a standard type name and cannot be redeclared")
                continue
            self.check_identifier(td.name, td.line, td.col)
            self.type_decls[key] = td
        # POU shells first so that bodies can call any POU in the file
        for p in sf.pous:
            key = p.name.lower()
            if key in self.out.pous or key in self.type_decls or key in self.out.interfaces:
                self.err_at(
                    p.name_line or p.line, p.name_col or p.col, "E202", f"'{p.name}' is declared twice"
                )
                continue
            if p.name.upper() in VENDOR_STD_NAMES:
                self.warn_at(
                    p.name_line or p.line,
                    p.name_col or p.col,
                    "W204",
                    f"'{p.name}' is also the name of a vendor function this compiler knows: this {p.kind} "
                    f"replaces it in the whole file",
                )
            elif (p.name.upper() in self.std_names or p.name.upper() in T.ELEMENTARY
                  or _parse_conversion(p.name.upper()) is not None):  # DINT_TO_INT, TO_INT: IEC too
                self.err_at(
                    p.name_line or p.line,
                    p.name_col or p.col,
                    "E204",
                    f"'{p.name}' is an IEC 61131-3 standard name and cannot name a {p.kind}",
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
        # a VAR_GLOBAL inside a PROGRAM is a global of the file (CODESYS GVL style): declared before
        # any POU's VAR_EXTERNAL looks for it, whichever POU comes first in the file
        in_pous = [(info, sec) for info in self.out.pous.values()
                   for sec in info.node.var_sections if sec.kind == "VAR_GLOBAL"]
        # the global constants first, then the TYPE block: a constant may give a STRING length or an
        # array bound in a type declared anywhere in the file (CODESYS GVL constants)
        for sec in (s for s in sections if s.constant):
            self.declare_section(sec, None, self.out.globals)
        for info, sec in in_pous:
            if sec.constant:
                self.pou = info
                self.declare_section(sec, info, info.vars)
        self.pou = None
        for td in sf.types:
            self.resolve_named(td.name, td)
        for sec in (s for s in sections if not s.constant):
            self.declare_section(sec, None, self.out.globals)
        for info, sec in in_pous:
            if not sec.constant:
                self.pou = info
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
        self.build_classes()
        self.check_fb_nesting()
        for info in self.out.pous.values():
            self.pou = info
            self.loop_depth = 0
            self.body(info.node.body)
        self.pou = None
        self.check_method_bodies()
        self.check_recursion()
        self.choose_main()
        if not self.bag.has_errors:
            self.check_storage()
        self.unused_warnings()
        return self.out


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
    out.layouts = list(cp.layouts)  # layouts a watch names are its own (st/expression.py)
    c.out, c.pou = out, pou
    for et in cp.enums.values():
        for value in et.by_lower:
            c.enum_index.setdefault(value, []).append(et)
    for v in [*(pou.vars.values() if pou is not None else ()), *cp.globals.values()]:
        if v.address:
            c.located_at.setdefault(v.address, []).append(v)
    t = c.expr(e)
    return out, t, c.bag.items
