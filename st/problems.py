"""The table of problem codes: every diagnostic the compiler (or the debugger around it) can
report, as data (code, name, default severity, one-line summary), after IronPLC's problem codes.

A call site names its code; the severity comes from this table (st.diagnostics.Diagnostic takes
it from here). docs/diagnostics.md is generated from the table (REGENERATE says how) and a
test keeps the two equal.

Families (the first digit after the letter): 1 the text is not Structured Text (or cannot be
read), 2 names, 3 types and values, 4 other semantic rules, 9 internal errors. W codes are
warnings in the same families.

RENUMBERED lists the codes renumbered when the catch-all codes were split (issue 17).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    name: str
    severity: str
    summary: str


def _p(code: str, name: str, summary: str) -> Problem:
    return Problem(code, name, WARNING if code.startswith("W") else ERROR, summary)


_TABLE = [
    # 1xx: the file and its text
    _p("E100", "file-unreadable", "The file does not exist, is a directory or a device, or cannot be read."),
    _p("E101", "syntax-error",
       "The text is not valid Structured Text here (an unexpected or missing token)."),
    _p("E102", "unexpected-character", "A character that is not part of Structured Text (names are ASCII)."),
    _p("E103", "unterminated", "A comment, pragma or string is never closed."),
    _p("E104", "malformed-literal",
       "A malformed literal (16#G1, T#5x, a bad escape or address, too many digits)."),
    _p("E105", "unsupported-extension", "A vendor extension this compiler does not support."),
    _p("E106", "keyword-as-name", "A reserved keyword is used as a name."),
    _p("E107", "too-many-errors", "So many syntax errors that parsing stopped."),
    _p("E108", "file-too-large", "The source is larger than the compiler accepts (bytes or lines)."),
    _p("E109", "not-text", "The source is not UTF-8 text."),
    _p("E110", "var-outside-pou",
       "A VAR section other than VAR_GLOBAL stands outside any PROGRAM, FB or FUNCTION."),
    _p("E111", "located-list", "A located variable (AT %...) is declared in a list with other names."),
    _p("E112", "unknown-task-setting", "A TASK setting other than INTERVAL, PRIORITY or SINGLE."),
    _p("E199", "parser-internal-error", "A bug in the parser, reported instead of a traceback."),
    # 2xx: names
    _p("E201", "undeclared", "A name that is not declared."),
    _p("E202", "duplicate-declaration",
       "A name (variable, type, field, enumeration value) is declared twice."),
    _p("E203", "wrong-kind-of-name", "A name is used as something it is not (a POU as a type, a function "
                                     "without its call, a type as a call)."),
    _p("E204", "standard-name-reused",
       "An IEC standard function, function block or type name is declared again."),
    _p("E205", "ambiguous-enum-value", "A value belongs to several enumerations: qualify it (Type#Value)."),
    _p("E206", "invalid-name", "A name that IEC 61131-3 does not allow (two leading underscores)."),
    _p("E207", "unknown-type", "A type name that is not declared."),
    _p("E208", "external-without-global", "A VAR_EXTERNAL with no VAR_GLOBAL of that name."),
    _p("E209", "unknown-member",
       "A field, input or output that the structure or function block does not have."),
    _p("E210", "unknown-enum-value", "A qualified value (Type#Value) that the enumeration does not have."),
    _p("E211", "unknown-parameter",
       "A named argument that the called function or function block does not have."),
    # 3xx: types and values
    _p("E301", "recursive-type", "A type that contains itself."),
    _p("E302", "bad-base-type", "An enumeration or subrange whose base type is not an integer type."),
    _p("E303", "not-constant", "A value that must be a constant (bound, length, initial value) is not."),
    _p("E304", "value-out-of-range", "A literal or constant does not fit its type or subrange."),
    _p("E305", "incompatible-assignment", "A value cannot be assigned (or passed) to a target of that type."),
    _p("E306", "operand-type", "An operator is used with operand types it is not defined for."),
    _p("E308", "index-out-of-range", "A constant array index or bit number outside the declared range."),
    _p("E309", "division-by-zero", "An integer division or MOD by a constant zero."),
    _p("E310", "types-too-deep", "Types are nested deeper than the compiler allows."),
    _p("E311", "struct-outside-type", "A STRUCT declared outside a TYPE block."),
    _p("E312", "storage-too-large", "A variable or array needs more storage than the limit."),
    _p("E313", "bad-range", "An array range, subrange or string length that is empty or does not fit, or "
                            "ARRAY[*] anywhere but a VAR_IN_OUT."),
    _p("E314", "bad-initialiser", "An initialiser of the wrong shape or with the wrong number of values."),
    _p("E315", "zero-for-step", "A FOR loop whose step is 0 (it would never end)."),
    _p("E316", "bad-type-prefix", "A type prefix (T#, REAL#, ...) that cannot prefix this literal."),
    _p("E317", "external-type-mismatch", "A VAR_EXTERNAL whose type differs from its VAR_GLOBAL's."),
    _p("E318", "located-type-mismatch", "A located variable whose type does not fit its address size."),
    _p("E319", "case-label-type", "A CASE label whose type does not match the selector's."),
    _p("E320", "condition-not-bool", "An IF, ELSIF, WHILE or UNTIL condition that is not BOOL."),
    _p("E321", "bad-case-selector", "A CASE selector that is not an integer or an enumeration."),
    _p("E322", "bad-for-variable", "A FOR variable that is not an integer."),
    _p("E323", "bad-indexing",
       "Indexing something that is not an array, with the wrong number or type of indexes."),
    _p("E324", "bad-bit-access", "A bit access (.n) on something that is not an integer or bit string."),
    _p("E325", "bad-argument-type", "A standard function argument of a type the function does not take."),
    _p("E326", "bad-conversion",
       "A conversion function given a type it cannot convert, or one with no meaning."),
    # 4xx: other semantic rules
    _p("E401", "not-assignable",
       "An assignment to a constant, an input, an enumeration value or a non-variable."),
    _p("E402", "fb-in-function", "A FUNCTION holds function block instances (they keep state)."),
    _p("E403", "fb-contains-itself", "A function block holds an instance of itself."),
    _p("E404", "exit-outside-loop", "EXIT or CONTINUE outside FOR, WHILE or REPEAT."),
    _p("E405", "nested-too-deeply", "A statement or expression nested too deeply to compile."),
    _p("E406", "fb-call-in-expression",
       "A function block called inside an expression (a call is a statement)."),
    _p("E407", "argument-direction", "An input read with '=>' or an output given with ':='."),
    _p("E408", "recursion", "A POU calls itself, directly or through others."),
    _p("E409", "program-count", "The file has no PROGRAM, or several with no CONFIGURATION to choose."),
    _p("E410", "bad-case-label", "A CASE label that is not a constant, or an empty CASE range."),
    _p("E411", "missing-argument",
       "A call leaves out an input or VAR_IN_OUT it needs, or gives it no value."),
    _p("E412", "argument-count", "A call with too many or too few arguments."),
    _p("E413", "duplicate-argument", "A call gives the same parameter twice."),
    _p("E414", "mixed-arguments", "A standard function call mixes positional and named arguments."),
    _p("E415", "watch-has-effect",
       "A watch or breakpoint condition that could change the program (':=', '=>', a call of an FB "
       "instance or a user FUNCTION)."),
    _p("E416", "in-out-bit",
       "A bit of a variable (x.3) given to a VAR_IN_OUT, which is passed by reference: give a BOOL."),
    _p("E420", "access-denied",
       "A PRIVATE method or property used outside its function block, or a PROTECTED one outside it "
       "and the blocks that extend it."),
    _p("E421", "abstract-instance",
       "An instance of an ABSTRACT function block, an ABSTRACT method called through SUPER^, or a "
       "function block that leaves an inherited ABSTRACT method unimplemented."),
    _p("E422", "final-overridden", "A FINAL function block extended, or a FINAL method overridden."),
    _p("E423", "interface-mismatch",
       "An interface method or property not implemented, or implemented (or overridden) with "
       "another signature."),
    _p("E424", "misplaced-oop",
       "THIS, SUPER, a method or a property where it has no meaning (outside a function block, a body "
       "in an interface, EXTENDS of something that is not a function block, a circle of EXTENDS)."),
    _p("E425", "bad-reference",
       "A reference or pointer used wrongly: ^ on something that is not a REF_TO or POINTER TO, REF() of "
       "a value that has no lasting address (a temporary, a function's local, an expression), REF= on a "
       "non-reference, ADR or SIZEOF of an expression, a bit or a property."),
    # 9xx: internal
    _p("E900", "internal-error", "A bug in the compiler, reported instead of a traceback."),
    _p("E999", "run-start-failed",
       "The debugger could not start the compiled program (a bug, not the program's)."),
    # warnings
    _p("W201", "unused-variable", "A variable that is never used."),
    _p("W202", "output-never-written", "An output that the program never writes: it stays FALSE or 0."),
    _p("W203", "result-never-assigned", "A function that never assigns its result."),
    _p("W204", "shadows-standard-name",
       ("A variable carries the name of a standard function or FB (rs : INT): it shadows it in its scope; "
        "or a FUNCTION or FUNCTION_BLOCK the name of a vendor function (MULTIME): it replaces it.")),
    _p("W301", "string-truncated", "A text longer than its STRING: it is stored cut short."),
    _p("W401", "constant-without-value", "A CONSTANT with no initial value (it is its type's default)."),
    _p("W402", "address-shared", "Two variables located at the same address."),
    _p("W403", "case-label-covered", "A CASE label that an earlier branch already covers."),
    _p("W404", "case-label-unreachable", "A CASE label the selector's type can never hold."),
    _p("W405", "extra-program", "A CONFIGURATION names several programs: only the first runs."),
]

PROBLEMS: dict[str, Problem] = {p.code: p for p in _TABLE}

# (old code, new code, the meaning that moved): when E201, E202, E301-E306 and E407 were split
# (issue 17), each old code kept its most common meaning and the others moved here
RENUMBERED = [
    ("E101", "E109", "the source is not UTF-8 text"),
    ("E401", "E110", "the parser's VAR section outside a POU (clashed with the checker's E401)"),
    ("E402", "E111", "the parser's located variable in a list (clashed with the checker's E402)"),
    ("E403", "E112", "the parser's unknown TASK setting (clashed with the checker's E403)"),
    ("E105", "E405", "the parser nested too deeply (also E199 for the same)"),
    ("E201", "E207", "unknown type"),
    ("E201", "E208", "VAR_EXTERNAL without VAR_GLOBAL"),
    ("E201", "E209", "no such field, input or output"),
    ("E201", "E210", "no such enumeration value"),
    ("E201", "E211", "no such parameter"),
    ("E201", "E203", "a CONFIGURATION runs something that is not a PROGRAM"),
    ("E202", "E204", "a standard type or POU name declared again"),
    ("E301", "E310", "types nested too deeply"),
    ("E302", "E311", "a STRUCT outside a TYPE block"),
    ("E303", "E312", "storage past the limit"),
    ("E303", "E313", "an empty or misfitting range, a bad string length"),
    ("E303", "E314", "the wrong number of initial values"),
    ("E303", "E315", "a FOR step of 0"),
    ("E304", "E316", "a type prefix that cannot prefix an integer"),
    ("E305", "E317", "VAR_EXTERNAL type differs from the global's"),
    ("E305", "E318", "a located variable's type does not fit its address"),
    ("E305", "E314", "an initialiser of the wrong shape"),
    ("E305", "E319", "a CASE label's type"),
    ("E305", "E326", "a conversion function's argument"),
    ("E305", "E203", "Type#Value where Type is not an enumeration"),
    ("E306", "E320", "a condition that is not BOOL"),
    ("E306", "E321", "a CASE selector"),
    ("E306", "E322", "a FOR variable"),
    ("E306", "E323", "indexing"),
    ("E306", "E324", "bit access"),
    ("E306", "E325", "a standard function's argument type"),
    ("E306", "E209", "a field of something that is not a structure"),
    ("E306", "E900", "an unsupported expression (a compiler bug)"),
    ("E407", "E410", "a CASE label that is not a constant, an empty CASE range"),
    ("E407", "E411", "a missing argument"),
    ("E407", "E412", "the number of arguments"),
    ("E407", "E413", "an argument given twice"),
    ("E407", "E414", "positional and named arguments mixed"),
]

# Tests set this (and the environment variable, for their subprocesses): a diagnostic with an
# unknown code, or with a severity that is not its code's, then raises instead of passing.
STRICT = os.environ.get("ST_STRICT_DIAGNOSTICS") == "1"


class ProblemCodeError(ValueError):
    """A diagnostic made with a code the table does not have, or with the wrong severity."""


def severity_for(code: str, asked: str) -> str:
    """The table's severity for ``code`` (``asked`` when the code is unknown and not STRICT)."""
    p = PROBLEMS.get(code)
    if p is None:
        if STRICT:
            raise ProblemCodeError(f"problem code {code!r} is not in st/problems.py")
        return asked
    if STRICT and asked != p.severity:
        raise ProblemCodeError(f"{code} is a {p.severity} in st/problems.py, but was reported as a {asked}")
    return p.severity


REGENERATE = "python -c 'import st.problems as p; print(p.markdown(), end=\"\")' > docs/diagnostics.md"


def markdown() -> str:
    """docs/diagnostics.md, generated from the table."""
    lines = [
        "# Diagnostic codes",
        "",
        "Every diagnostic the compiler reports has a code, printed in its header:",
        "",
        "```",
        "program.st:12:5: error[E306]: '+' needs numbers, not BOOL and INT",
        "```",
        "",
        "The grader's JSON report lists the same diagnostics under `diagnostics` (code, name,",
        "severity, file, line, column, end_column, message) beside the `compile_error` text.",
        "",
        "Families: E1xx the file and its text, E2xx names, E3xx types and values, E4xx other",
        "rules, E9xx internal errors; W codes are warnings. This page is generated from",
        f"`st/problems.py` (`{REGENERATE}`); a test keeps it in sync.",
        "",
        "| Code | Name | Severity | Meaning |",
        "|------|------|----------|---------|",
    ]
    lines += [f"| {p.code} | `{p.name}` | {p.severity} | {p.summary} |" for p in _TABLE]
    lines += ["", "## Renumbered codes", "",
              "When the catch-all codes were split, each kept its most common meaning; the others moved:",
              "", "| Was | Now | Meaning |", "|-----|-----|---------|"]
    lines += [f"| {old} | {new} | {meaning} |" for old, new, meaning in RENUMBERED]
    return "\n".join(lines) + "\n"

