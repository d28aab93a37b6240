"""Abstract syntax tree of an IEC 61131-3 Structured Text source file.

Plain dataclasses built by st/parser.py and read by the checker and the code generator.
Every node carries ``line``/``col`` (1-based) of its first token and, where the parser
knows it cheaply, ``end_line``/``end_col`` (1-based column of the last character).
Position fields are keyword-only, so nodes can be built positionally in tests:
``IntLiteral(5, None, line=3, col=7)``.

Conventions:
- Names keep the spelling the user wrote (for messages); compare them case-insensitively.
- Type names in ``NamedType`` and ``type_prefix`` fields are upper-cased when they are
  elementary types (``'INT'``, ``'TIME'``) and kept as written otherwise.
- A unary minus written directly before a numeric literal is folded into it (``-32768`` is one
  IntLiteral), so range checks see the real value. Unary operators bind tighter than ``**``
  (IEC 61131-3 ed. 3 table): ``-2**2`` is ``(-2)**2``.
- Binary operators are upper-case strings: ``OR XOR AND = <> < > <= >= + - * / MOD **``
  (``&`` is stored as ``AND``). Unary: ``-``, ``+``, ``NOT``.
- Direct addresses are normalised to upper case with an explicit size: ``%I0.0`` -> ``%IX0.0``.
- TIME/LTIME literals keep total nanoseconds (``T#1.5ms`` -> 1_500_000), exact.
  DATE and DT literals keep seconds since 1970-01-01 (UTC, no zone); TOD keeps
  milliseconds since midnight. ``DateTimeLiteral.nanoseconds`` keeps the full precision.

Change log (after the first commit only additions are allowed; the back end codes against it):
- object-oriented extensions and references: ``Deref``, ``This``, ``Super``, ``RefAssign``,
  ``RefType``, ``Method``, ``Property``, ``PropertyAccessor``, ``Interface``,
  ``ConformantArrayType``; ``Pou`` gained
  ``extends``/``implements``/``modifiers``/``methods``/``properties`` and ``SourceFile`` gained
  ``interfaces``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Node:
    line: int = field(default=0, kw_only=True)
    col: int = field(default=0, kw_only=True)
    end_line: int | None = field(default=None, kw_only=True)
    end_col: int | None = field(default=None, kw_only=True)


# --------------------------------------------------------------------------- expressions


@dataclass(slots=True)
class Expr(Node):
    pass


@dataclass(slots=True)
class IntLiteral(Expr):
    value: int  # base already applied; '-5' and INT#-5 are folded into one negative literal
    type_prefix: str | None = None  # 'INT', 'UDINT', 'BYTE' ... for INT#5, or None


@dataclass(slots=True)
class RealLiteral(Expr):
    value: float
    type_prefix: str | None = None  # 'REAL' | 'LREAL' | None


@dataclass(slots=True)
class BoolLiteral(Expr):
    value: bool
    type_prefix: str | None = None  # 'BOOL' for BOOL#1, else None


@dataclass(slots=True)
class TimeLiteral(Expr):
    nanoseconds: int  # total, may be negative for T#-5s
    type_prefix: str = "TIME"  # 'TIME' | 'LTIME'


@dataclass(slots=True)
class DateTimeLiteral(Expr):
    kind: str  # 'DATE' | 'TOD' | 'DT' (LDATE/LTOD/LDT are mapped to these with long=True)
    value: int  # DATE/DT: seconds since 1970-01-01; TOD: milliseconds since midnight
    nanoseconds: int = 0  # full value in nanoseconds (since epoch or since midnight)
    long: bool = False


@dataclass(slots=True)
class StringLiteral(Expr):
    value: str  # $ escapes already decoded
    wide: bool = False  # "..." or WSTRING#'...'
    type_prefix: str | None = None  # 'STRING' | 'WSTRING' | None


@dataclass(slots=True)
class EnumLiteral(Expr):
    """A qualified enum value ``Colour#Red``. An unqualified ``Red`` is a ``Name``."""

    type_name: str
    value_name: str


@dataclass(slots=True)
class Name(Expr):
    name: str


@dataclass(slots=True)
class FieldAccess(Expr):
    base: Expr
    field: str


@dataclass(slots=True)
class IndexAccess(Expr):
    base: Expr
    indices: list[Expr]


@dataclass(slots=True)
class BitAccess(Expr):
    base: Expr
    bit: int  # x.3 -> 3


@dataclass(slots=True)
class DirectAddress(Expr):
    address: str  # normalised: '%IX0.0', '%QW4', '%MD10'
    area: str  # 'I' | 'Q' | 'M'
    size: str  # 'X' | 'B' | 'W' | 'D' | 'L'
    parts: tuple[int, ...]  # (0, 0) for %IX0.0, (4,) for %QW4


@dataclass(slots=True)
class Deref(Expr):
    """``base^``: the variable a reference points at (``THIS^``, ``SUPER^``, ``r^``)."""

    base: Expr


@dataclass(slots=True)
class This(Expr):
    """``THIS`` (written ``THIS^``): the function block instance whose body or method runs."""


@dataclass(slots=True)
class Super(Expr):
    """``SUPER`` (written ``SUPER^``): the same instance seen as its base function block."""


@dataclass(slots=True)
class CallArg(Node):
    """One argument of a call.

    kind 'positional': ``value`` is the expression.
    kind 'input':  ``name := value``.
    kind 'output': ``name => value`` where ``value`` is the target variable; ``negated`` for
                   ``NOT name => value``.
    ``value`` is None only for an empty formal input ``f(IN := )`` (kept for diagnostics).
    """

    value: Expr | None
    name: str | None = None
    kind: str = "positional"  # 'positional' | 'input' | 'output'
    negated: bool = False


@dataclass(slots=True)
class Call(Expr):
    func: Expr  # usually Name ('SEL', 'MyFunc', FB instance 'Timer1'), or a FieldAccess/IndexAccess
    args: list[CallArg] = field(default_factory=list)


@dataclass(slots=True)
class BinaryOp(Expr):
    op: str
    left: Expr
    right: Expr


@dataclass(slots=True)
class UnaryOp(Expr):
    op: str  # '-' | '+' | 'NOT'
    operand: Expr


# --------------------------------------------------------------------------- statements


@dataclass(slots=True)
class Stmt(Node):
    pass


@dataclass(slots=True)
class Assign(Stmt):
    target: Expr
    value: Expr


@dataclass(slots=True)
class RefAssign(Stmt):
    """``r REF= x`` (CODESYS): binds the REFERENCE TO ``r`` to the variable ``x``."""

    target: Expr
    value: Expr


@dataclass(slots=True)
class CallStmt(Stmt):
    call: Call


@dataclass(slots=True)
class ElsifBranch(Node):
    condition: Expr
    body: list[Stmt]


@dataclass(slots=True)
class IfStmt(Stmt):
    condition: Expr
    then_body: list[Stmt]
    elsifs: list[ElsifBranch] = field(default_factory=list)
    else_body: list[Stmt] | None = None


@dataclass(slots=True)
class CaseRange(Node):
    low: Expr
    high: Expr


@dataclass(slots=True)
class CaseBranch(Node):
    labels: list[Expr | CaseRange]  # IntLiteral, UnaryOp('-', lit), Name (enum / constant), EnumLiteral
    body: list[Stmt]


@dataclass(slots=True)
class CaseStmt(Stmt):
    selector: Expr
    branches: list[CaseBranch]
    else_body: list[Stmt] | None = None


@dataclass(slots=True)
class ForStmt(Stmt):
    var: str
    start: Expr
    end: Expr
    step: Expr | None
    body: list[Stmt]
    var_line: int = 0
    var_col: int = 0


@dataclass(slots=True)
class WhileStmt(Stmt):
    condition: Expr
    body: list[Stmt]


@dataclass(slots=True)
class RepeatStmt(Stmt):
    body: list[Stmt]
    condition: Expr


@dataclass(slots=True)
class ExitStmt(Stmt):
    pass


@dataclass(slots=True)
class ContinueStmt(Stmt):
    pass


@dataclass(slots=True)
class ReturnStmt(Stmt):
    pass


@dataclass(slots=True)
class EmptyStmt(Stmt):
    pass


# --------------------------------------------------------------------------- type references


@dataclass(slots=True)
class TypeRef(Node):
    pass


@dataclass(slots=True)
class NamedType(TypeRef):
    name: str  # 'INT', 'TON', 'MyStruct' (elementary names upper-cased)


@dataclass(slots=True)
class StringType(TypeRef):
    wide: bool = False
    length: Expr | None = None  # STRING[10] / STRING(10); None -> default 80 (checker)


@dataclass(slots=True)
class ArrayRange(Node):
    low: Expr
    high: Expr


@dataclass(slots=True)
class ArrayType(TypeRef):
    ranges: list[ArrayRange]
    element: TypeRef


@dataclass(slots=True)
class ConformantArrayType(TypeRef):
    """``ARRAY[*, *] OF T`` (IEC 61131-3 3rd edition): a VAR_IN_OUT taking arrays of any bounds."""

    dims: int
    element: TypeRef


@dataclass(slots=True)
class SubrangeType(TypeRef):
    base: str  # 'INT', 'UINT' ... (upper-cased)
    low: Expr
    high: Expr


@dataclass(slots=True)
class EnumValueDecl(Node):
    name: str
    value: Expr | None = None


@dataclass(slots=True)
class EnumType(TypeRef):
    values: list[EnumValueDecl]
    base: str | None = None  # (a, b) INT  /  INT (a, b) (CODESYS); upper-cased; None = default


@dataclass(slots=True)
class RefType(TypeRef):
    """``REF_TO T`` (IEC, dereferenced with ``^``) or ``REFERENCE TO T`` (CODESYS, implicit)."""

    target: TypeRef
    implicit: bool = False  # REFERENCE TO
    pointer: bool = False  # POINTER TO (CODESYS): an address, with ADR, ^ and byte arithmetic


@dataclass(slots=True)
class StructType(TypeRef):
    fields: list[VarDecl]


# --------------------------------------------------------------------------- initial values


@dataclass(slots=True)
class ArrayInitItem(Node):
    value: Expr | ArrayInit | StructInit | None  # None only for '3()' (repeat default)
    repeat: Expr | None = None  # 3(0) -> repeat=IntLiteral(3), value=IntLiteral(0)


@dataclass(slots=True)
class ArrayInit(Node):
    items: list[ArrayInitItem]


@dataclass(slots=True)
class FieldInit(Node):
    name: str
    value: Expr | ArrayInit | StructInit


@dataclass(slots=True)
class StructInit(Node):
    fields: list[FieldInit]


Initializer = Expr | ArrayInit | StructInit


# --------------------------------------------------------------------------- declarations


@dataclass(slots=True)
class VarDecl(Node):
    names: list[str]
    type: TypeRef
    init: Initializer | None = None
    location: DirectAddress | None = None  # AT %IX0.0 (normalised address in .address)
    name_positions: list[tuple[int, int]] = field(default_factory=list)  # (line, col) per name


@dataclass(slots=True)
class VarSection(Node):
    # 'VAR' | 'VAR_INPUT' | 'VAR_OUTPUT' | 'VAR_IN_OUT' | 'VAR_TEMP' | 'VAR_GLOBAL' | 'VAR_EXTERNAL'
    kind: str
    decls: list[VarDecl]
    constant: bool = False
    retain: bool = False
    persistent: bool = False


@dataclass(slots=True)
class TypeDecl(Node):
    name: str
    type: TypeRef  # StructType, EnumType, SubrangeType, ArrayType, StringType, NamedType (alias)
    init: Initializer | None = None


@dataclass(slots=True)
class Method(Node):
    """``METHOD [PUBLIC|PRIVATE|PROTECTED|INTERNAL] [ABSTRACT|FINAL] Name [: type]``."""

    name: str
    var_sections: list[VarSection]
    body: list[Stmt]
    return_type: TypeRef | None = None
    modifiers: list[str] = field(default_factory=list)  # upper case, as written
    name_line: int = 0
    name_col: int = 0


@dataclass(slots=True)
class PropertyAccessor(Node):
    kind: str  # 'GET' | 'SET'
    var_sections: list[VarSection]
    body: list[Stmt]


@dataclass(slots=True)
class Property(Node):
    name: str
    type: TypeRef
    accessors: list[PropertyAccessor] = field(default_factory=list)
    modifiers: list[str] = field(default_factory=list)
    name_line: int = 0
    name_col: int = 0


@dataclass(slots=True)
class Interface(Node):
    name: str
    extends: list[str] = field(default_factory=list)
    methods: list[Method] = field(default_factory=list)  # prototypes: no body
    properties: list[Property] = field(default_factory=list)
    name_line: int = 0
    name_col: int = 0


@dataclass(slots=True)
class Pou(Node):
    kind: str  # 'PROGRAM' | 'FUNCTION_BLOCK' | 'FUNCTION'
    name: str
    var_sections: list[VarSection]
    body: list[Stmt]
    return_type: TypeRef | None = None  # FUNCTION only
    name_line: int = 0
    name_col: int = 0
    extends: list[str] = field(default_factory=list)  # FUNCTION_BLOCK B EXTENDS A -> ['A']
    implements: list[str] = field(default_factory=list)
    modifiers: list[str] = field(default_factory=list)  # 'ABSTRACT', 'FINAL', 'PUBLIC' ...
    methods: list[Method] = field(default_factory=list)
    properties: list[Property] = field(default_factory=list)


@dataclass(slots=True)
class TaskConfig(Node):
    name: str
    interval: Expr | None = None  # INTERVAL := T#10ms
    priority: Expr | None = None
    single: Expr | None = None


@dataclass(slots=True)
class ProgramConfig(Node):
    instance_name: str  # PROGRAM Main WITH Cyclic : PLC_PRG;  -> 'Main'
    program_type: str  # -> 'PLC_PRG'
    task_name: str | None = None  # -> 'Cyclic'
    args: list[CallArg] = field(default_factory=list)


@dataclass(slots=True)
class Resource(Node):
    name: str
    on: str | None = None  # RESOURCE R1 ON PLC
    global_sections: list[VarSection] = field(default_factory=list)
    tasks: list[TaskConfig] = field(default_factory=list)
    programs: list[ProgramConfig] = field(default_factory=list)


@dataclass(slots=True)
class Configuration(Node):
    name: str
    global_sections: list[VarSection] = field(default_factory=list)
    resources: list[Resource] = field(default_factory=list)
    # tasks/programs written directly in the configuration (no RESOURCE), as some tools allow
    tasks: list[TaskConfig] = field(default_factory=list)
    programs: list[ProgramConfig] = field(default_factory=list)


@dataclass(slots=True)
class SourceFile(Node):
    filename: str
    pous: list[Pou] = field(default_factory=list)
    types: list[TypeDecl] = field(default_factory=list)
    configurations: list[Configuration] = field(default_factory=list)
    global_sections: list[VarSection] = field(default_factory=list)  # top-level VAR_GLOBAL blocks
    interfaces: list[Interface] = field(default_factory=list)


__all__ = [name for name in dir() if name[:1].isupper()]
