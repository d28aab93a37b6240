"""One ST expression compiled against a compiled program: the debugger's watches and conditions.

    ex = st.compile_expression("Timer1.ET > T#2s AND Count + 1 > 0", program)   # never raises
    ex.ok, ex.diagnostics, ex.type_name, ex.message
    ex.evaluate(instance)       # the value now, or ExpressionError (division by zero ...)

The text goes through the program's own stages: the real grammar (start symbol ``expression``),
the checker in the scope of the main PROGRAM (its variables, the globals, the enumerations, the
addresses), and the code generator, whose code reads the instance's variables. So an expression
means exactly what it would mean in the program's body: INT + INT wraps as a store to an INT does,
TIME literals and arithmetic, enums, conversions, standard functions, array indexes checked,
FB outputs (Timer1.ET). Diagnostics are positioned (line, column) within the expression text.

An expression never changes the program: ST expressions write nothing except through calls, so
calls of user FUNCTIONs and of FB instances and '=>' outputs are refused (E415); standard functions
and conversions are pure and allowed. Nothing of the text reaches Python except as code the code
generator made from the checked AST.
"""

from __future__ import annotations

import dataclasses
import functools
import threading

from . import ast as A
from . import types as T
from .diagnostics import ERROR, Diagnostic, did_you_mean, sort_key
from .faults import PlcFault

E_CHANGES = "E415"  # the expression would change the program's state (a call with effects, '=>')
MAX_EXPRESSION_CHARS = 2000  # a watch is one line; this also bounds the nesting Python must compile


class ExpressionError(ValueError):
    """An expression that cannot give a value: its compile errors, or a runtime fault while reading
    it (division by zero, an index out of range); the message says which."""


class CompiledExpression:
    """One compiled expression. ``ok`` when it has no error; ``type_name`` its ST type ('INT',
    'TIME', an enumeration's or a structure's name), None when it did not check; ``is_path`` when
    it is a plain variable path (Cells[2].Busy, Timer1, %IX0.0), which a watch may show as a tree."""

    def __init__(self, text: str, program, diagnostics: list[Diagnostic], type_=None, fn=None,
                 is_path: bool = False):
        self.text = text
        self.program = program
        self.diagnostics = sorted(diagnostics, key=sort_key)
        self.type = type_
        self.is_path = is_path
        self._fn = fn

    @property
    def ok(self) -> bool:
        return self._fn is not None and not any(d.severity == ERROR for d in self.diagnostics)

    @property
    def type_name(self) -> str | None:
        return None if self.type is None else self.type.name

    @property
    def is_scalar(self) -> bool:
        return self.type is not None and self.type.is_scalar

    @property
    def message(self) -> str:
        """The first error as one line ('col 5: ...'), '' when there is none."""
        for d in self.diagnostics:
            if d.severity == ERROR:
                where = f"col {d.col}" if d.line <= 1 else f"line {d.line} col {d.col}"
                return f"{where}: {d.message}" if d.col else d.message
        return ""

    def evaluate(self, instance):
        """The expression's value in ``instance``'s current state, as the program holds it (TIME in
        ms, an enumeration value by its name); ExpressionError when it has errors or faults."""
        if not self.ok:
            raise ExpressionError(self.message or "the expression did not compile")
        if getattr(instance, "program", None) is not self.program:
            raise ExpressionError("the expression was compiled for another program")
        if not self.is_scalar:
            raise ExpressionError(f"{self.text.strip()} is {self.type_name}: watch one of its members")
        try:
            value = self._fn(instance._p, instance._g, instance._ctx)  # ctx: TIME() is the scan's time
        except PlcFault as exc:
            raise ExpressionError(str(exc)) from None
        except ZeroDivisionError:
            raise ExpressionError("division by zero") from None
        except (RecursionError, MemoryError, OverflowError) as exc:
            raise ExpressionError(f"cannot evaluate: {type(exc).__name__}") from None
        except Exception as exc:  # noqa: BLE001 - a watch never takes the debugger down
            raise ExpressionError(f"internal error while evaluating ({type(exc).__name__}: {exc})") from None
        if isinstance(self.type, T.EnumT):
            return self.type.name_of(value)  # as the variable tree shows an enum
        return value


def compile_expression(text, program, filename: str = "<expression>") -> CompiledExpression:
    """Parse, check and generate one ST expression in the scope of ``program``'s main PROGRAM.
    Never raises: every problem with the text is a diagnostic (line/col within ``text``)."""
    if not isinstance(text, str):
        return _failed("", program, "E101", "the expression must be text", filename, 1, 1)
    from .program import Program

    if not isinstance(program, Program):
        return _failed(text, program, "E409", "the program is not compiled (by st)", filename)
    if len(text) > MAX_EXPRESSION_CHARS:
        return _failed(text, program, "E108",
                       f"the expression is too long ({len(text):,} characters; "
                       f"at most {MAX_EXPRESSION_CHARS:,})", filename)
    if not text.strip():
        return _failed(text, program, "E101", "empty expression", filename, 1, 1)
    try:
        return _compile(text, program, filename)
    except (RecursionError, MemoryError):
        return _failed(text, program, "E405", "the expression is nested too deeply", filename)
    except SyntaxError:  # Python's own nesting limits on the generated code
        return _failed(text, program, "E405", "the expression is nested too deeply", filename)
    except Exception as exc:  # noqa: BLE001 - compile_expression never raises
        return _failed(text, program, "E900",
                       f"internal compiler error: {type(exc).__name__}: {exc} "
                       "(please report this expression)", filename)


def _failed(text, program, code, message, filename, line=0, col=0) -> CompiledExpression:
    return CompiledExpression(text, program, [Diagnostic(ERROR, code, message, filename, line, col)])


def _compile(text: str, program, filename: str) -> CompiledExpression:
    from .checker import check_expression
    from .codegen import generate_expression

    e, diags = parse_expression(text, filename)
    if e is None:
        return CompiledExpression(text, program, diags)
    cp = program.checked
    main = cp.main
    refused = _side_effects(e, cp, main, filename)
    if refused:
        return CompiledExpression(text, program, diags + refused)
    out, t, check_diags = check_expression(cp, e, main, filename)
    diags += check_diags
    diags += _unreadable(e, out, cp, main, filename)
    diags += _property_reads(e, out, filename)
    is_path = _is_path(e, out)
    if any(d.severity == ERROR for d in diags) or t is None:
        return CompiledExpression(text, program, diags, is_path=is_path)
    t = T.concrete(t)
    if not t.is_scalar and not is_path:
        what = "a function block instance" if isinstance(t, T.FBT) else t.name
        diags.append(_at(e, "E306", f"this expression is {what}, not a value: watch one of its members",
                         filename))
        return CompiledExpression(text, program, diags)
    code = generate_expression(out, e, main, t, filename) if t.is_scalar else "None"
    ns = program.ns
    if len(out.layouts) > len(ns["_TY"]):  # p^ in a watch: the layouts it names (st/memory.py)
        from .memory import layout

        ns = dict(ns, _TY=[layout(x) for x in out.layouts])
    # Code the generator made from the checked AST: names are v_/G. prefixed, literals repr'd
    fn = eval(compile(f"lambda self, G, ctx: {code}", f"<st-expression:{filename}>", "eval"), ns)  # noqa: S307
    return CompiledExpression(text, program, diags, t, fn, is_path)


# --------------------------------------------------------------------------- parsing

_lock = threading.Lock()
_expr_parser = None
_expr_builder = None


def parse_expression(text: str, filename: str = "<expression>") -> tuple[A.Expr | None, list[Diagnostic]]:
    """The program's grammar from its ``expression`` rule, with the program parser's builder,
    literal checks and messages. Returns (expression or None, diagnostics)."""
    global _expr_parser, _expr_builder
    from lark import Lark

    from . import parser as P

    clean, diags, hit_eof = P._blank_comments(text, filename)
    with _lock:
        if _expr_parser is None:
            with P._lock:
                P._get_parser()  # fills the parser's tables of token descriptions, shared here
            builder = P._AstBuilder()
            _expr_parser = Lark(
                P.GRAMMAR_PATH.read_text(encoding="utf-8"),
                parser="lalr",
                lexer="contextual",
                start="expression",
                transformer=builder,
                maybe_placeholders=False,
                lexer_callbacks={"NAME": P._retype, "LABEL_NAME": P._retype},
                cache=True,
                g_regex_flags=P.re.ASCII,
            )
            _expr_builder = builder
        builder = _expr_builder
        builder.diags = []
        builder.filename = filename
        driver = _driver_class()(_expr_parser, builder, clean, filename, hit_eof and bool(diags))
        driver.diags = diags
        result = driver.run(_expr_parser.parse_interactive(clean))
        all_diags = driver.diags + builder.diags
    out, seen = [], set()
    for d in sorted(all_diags, key=sort_key):
        key = (d.line, d.col, d.code, d.message)
        if key not in seen:
            seen.add(key)
            out.append(_expression_words(d, clean))
    if any(d.severity == ERROR for d in out) or result is None:
        if not out:
            out.append(Diagnostic(ERROR, "E101", "the expression could not be parsed", filename, 1, 1))
        return None, out
    return result, out


@functools.cache
def _driver_class():
    """The program parser's driver (messages, recovery), accepting an expression as the whole parse."""
    from . import parser as P

    return type("_ExpressionDriver", (P._Driver,), {"result_type": A.Expr})


def _expression_words(d: Diagnostic, text: str) -> Diagnostic:
    """The program parser's sentences said of an expression: its end is not 'the end of the file',
    and ':=' is an assignment, which no expression may make."""
    msg = d.message.replace("the end of the file", "the end of the expression")
    lines = text.split("\n")
    if 0 < d.line <= len(lines) and lines[d.line - 1][d.col - 1:d.col + 1] == ":=" and d.col > 0:
        return dataclasses.replace(d, code=E_CHANGES, message=(
            "':=' assigns, and an expression cannot change the program; to compare, write '='"))
    return dataclasses.replace(d, message=msg)


# --------------------------------------------------------------------------- what may not be read


def _nodes(e):
    """Every node of an expression tree, the expression first."""
    stack = [e]
    while stack:
        n = stack.pop()
        yield n
        for f in dataclasses.fields(n):
            v = getattr(n, f.name)
            for x in (v if isinstance(v, list) else [v]):
                if isinstance(x, A.Node):
                    stack.append(x)


def _at(node, code: str, message: str, filename: str) -> Diagnostic:
    return Diagnostic(ERROR, code, message, filename, node.line or 1, node.col or 1, node.end_col)


def _property_reads(e, out, filename: str) -> list[Diagnostic]:
    """A property read runs its GET, code that may change the instance: refused, as calls are (the
    variable tree shows the value its GET gave last)."""
    from .checker import PropRef

    return [_at(n, E_CHANGES, "reading a property runs its GET, which could change the program: the "
                              "variable tree shows the value it gave last", filename)
            for n in _nodes(e) if isinstance(out.refs.get(id(n)), PropRef)]


def _side_effects(e, cp, main, filename: str) -> list[Diagnostic]:
    """Calls that could change the program, refused before checking (checking a call already
    records it in the program's call graph)."""
    out = []
    for n in _nodes(e):
        if isinstance(n, A.CallArg) and n.kind == "output":
            out.append(_at(n, E_CHANGES, "'=>' writes a variable, and an expression cannot change "
                                         "the program", filename))
        if not isinstance(n, A.Call):
            continue
        f = n.func
        if not isinstance(f, A.Name):
            out.append(_at(f, E_CHANGES, "only standard functions can be called in an expression: "
                                         "a function block call changes the instance", filename))
            continue
        key = f.name.lower()
        v = main.vars.get(key) or cp.globals.get(key)
        if v is not None and isinstance(v.type, T.FBT):
            out.append(_at(f, E_CHANGES, f"calling '{f.name}' would run the function block and change its "
                                         f"state; read its outputs instead, e.g. {f.name}.Q", filename))
        elif key in cp.pous and cp.pous[key].kind == "FUNCTION":
            out.append(_at(f, E_CHANGES, f"'{f.name}' is a user FUNCTION, which could change the program "
                                         "(globals, VAR_IN_OUT); expressions call standard functions only",
                           filename))
    return out


def _unreadable(e, out, cp, main, filename: str) -> list[Diagnostic]:
    """Names the checker accepts in a body but the running instance does not hold between scans."""
    from .checker import VarInfo

    diags = []
    for n in _nodes(e):
        ref = out.refs.get(id(n))
        if not isinstance(ref, VarInfo):
            continue
        if isinstance(n, A.DirectAddress) and ref.kind == "ADDR" and ref.address not in cp.addresses:
            located = [*main.vars.values(), *cp.globals.values()]
            known = sorted(cp.addresses) + sorted(v.address for v in located if v.address)
            hint = did_you_mean(n.address, known)
            diags.append(_at(n, "E201", f"the program uses no address {n.address}"
                             + (f"; {hint}" if hint else f" (its addresses: {', '.join(known) or 'none'})"),
                             filename))
        elif isinstance(n, A.Name) and ref.kind == "VAR_TEMP":
            diags.append(_at(n, "E201", f"'{n.name}' is a VAR_TEMP: it exists only while the program runs",
                             filename))
    return diags


def _is_path(e, out) -> bool:
    """A variable path with constant indexes, as the variable tree names its nodes."""
    while isinstance(e, (A.FieldAccess, A.IndexAccess, A.BitAccess)):
        if isinstance(e, A.IndexAccess) and not all(id(ix) in out.consts for ix in e.indices):
            return False
        e = e.base
    return isinstance(e, (A.Name, A.DirectAddress)) and id(e) not in out.consts
