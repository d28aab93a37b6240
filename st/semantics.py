"""Every choice this compiler and runtime make where IEC 61131-3 (3rd edition) leaves room, as
data: the one source of docs/st-semantics.md (``markdown()``) and of the dialect points the task
prompt's "Submission rules" name (``prompt_lines()``, which sim/prompt.py renders). A test keeps the
document equal to ``markdown()``; regenerate it with

    python -c 'import st.semantics as s; print(s.markdown(), end="")' > docs/st-semantics.md

A rule with ``prompt`` text is a point a program could trip on: the prompt states it, with the
same example and result the document gives.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    rule: str
    example: str
    result: str
    prompt: str = ""  # how the task prompt names this point (empty: not in the prompt)


TITLE = 'Structured Text semantics of this project'
INTRO = (
    'Every choice the compiler and runtime make where IEC 61131-3 (3rd edition) leaves room,\n'
    'with a one-line example and its result. The pinned rules come from the project design;\n'
    'where it is silent we follow CODESYS, then matiec/OpenPLC. "After one scan" means one call\n'
    'of `Instance.scan(0)`. Each rule has one implementation: `st/stdlib.py` holds the numeric,\n'
    'bit, string and timer rules, and the generated code calls those same functions.\n'
)

SECTIONS: list[tuple[str, list[Rule]]] = [
    ('Names and text', [
        Rule(
            ('comments are `(* *)` (nested, as CODESYS), `/* */` (IEC 3rd edition; not nested) and `//`; '
             'pragmas `{ }` are ignored'),
            '`/* a (* b *) */ x := 1;`',
            '`x = 1`',
        ),
        Rule(
            ('ON, TASK, WITH and RESOURCE are keywords only inside a CONFIGURATION, and PUBLIC, PRIVATE, '
             'PROTECTED, INTERNAL, ABSTRACT, FINAL, OVERRIDE, GET and SET only where a method, property or '
             'function block header has them; elsewhere, where a name fits, they are names (CODESYS, '
             'matiec); every other keyword is reserved'),
            '`on : BOOL; on := TRUE;`; `by : INT;`',
            '`on = TRUE`; error E106',
        ),
        Rule(
            'keywords and identifiers are case-insensitive',
            '`motor := TRUE;` with `Motor : BOOL`',
            'writes `Motor`',
        ),
        Rule(
            ('a variable may carry the name of a standard function or FB (CODESYS, matiec): it shadows it '
             'in its scope, with a warning; a variable is not callable, so `SEL(...)` still calls the '
             'function (a user type or POU named like a standard one: see the next rule)'),
            '`rs : INT; rs := rs + 1;`, `sel : INT; sel := SEL(c, 1, 2);`',
            'warning W204; `rs` counts, `sel` holds the chosen value',
        ),
        Rule(
            ('a user FUNCTION or FUNCTION_BLOCK may not take the name of an IEC 61131-3 standard function, '
             'FB or type (E204); a name that is only a vendor extension we know (MULTIME, DIVTIME, the '
             'short BCD_TO_INT / INT_TO_BCD forms: OSCAT and other libraries declare their own) is the '
             'user\'s: their POU replaces ours in the whole file, with a warning'),
            '`FUNCTION MULTIME : TIME ...`; `FUNCTION MUL_TIME : TIME ...`',
            'warning W204, `MULTIME(...)` calls the user\'s; error E204',
        ),
        Rule(
            'any other identifier is fine, Python keywords included',
            '`lambda : INT := 1;`',
            '`lambda` = 1',
        ),
        Rule(
            ('names cannot start with two underscores (IEC 61131-3 6.1.2); the rest of the file is still '
             'checked; CODESYS `__NEW` and friends are vendor extensions'),
            '`__class__ : INT;`',
            'error E206 "IEC 61131-3 names cannot start with two underscores"',
        ),
        Rule(
            ('identifiers are ASCII letters, digits and `_` (IEC 61131-3); any other letter is an error, '
             'so no two spellings fold into one name'),
            '`ſ : INT;`',
            'error E102 "unexpected character \'ſ\' (names are ASCII letters, digits and \'_\')"',
        ),
        Rule(
            ('generated Python uses `v_<lower name>` for every ST name, and each kind of generated name '
             'its own prefix (`v_` `P_` `FB_` `F_` `S_` `A_` `D_`, none the start of another; inside a '
             'block\'s class its methods and accessors `M_` `MD_` `PG_` `PGD_` `PS_` `PSD_` and their last '
             'results `R_M_` `R_P_`)'),
            '`Self : INT;`, `FUNCTION Foo_dbg`, `VAR_GLOBAL _addr_ix0_0`',
            "stored as `v_self`; nothing clashes with a function's debug variant or an address",
        ),
        Rule(
            'string literals reach Python only as `repr()` of the decoded value',
            "`s := '$'); import os';`",
            '`s` holds that text',
        ),
        Rule(
            'unused variables and outputs never written are warnings, shown only when there is no error',
            '`Spare : INT;` (never used)',
            'warning W201',
        ),
        Rule(
            'a located output (`%Q`) the program never writes and has no initial value is a warning',
            '`Lamp AT %QX0.1 : BOOL;` (never written)',
            'warning W202 "output %QX0.1 (\'Lamp\') is never written: it stays FALSE"',
        ),
        Rule(
            ('storage is counted through every level of arrays, structures and FBs (a string counts one '
             'value per 8 characters): one program instance or one function call holds at most 4,000,000 '
             'values, types nest at most 48 levels, and a type that holds itself through any chain is an '
             'error at the member that closes the circle'),
            '`TYPE A : STRUCT b : B; END_STRUCT; B : STRUCT a : A; END_STRUCT; END_TYPE`',
            'error E301 "\'A\' contains itself (through \'a\' of B)"',
        ),
        Rule(
            ('a source holds at most 512,000 bytes and 20,000 lines; an integer literal or folded constant '
             'at most 1023 bits (none of the types holds more)'),
            '`x := 1` followed by 400 digits',
            'error E104 "... is too large for any ST type"',
        ),
        Rule(
            ('a refused declaration (an array over 1,000,000 elements) is reported once: its uses add no '
             'errors'),
            '`a : ARRAY[1..2000000] OF INT; a[1] := 1;`',
            'only error E312 on `a`',
        ),
    ]),
    ('Integers', [
        Rule(
            '`/` truncates toward zero',
            '`-7 / 2`',
            '`-3`',
            'integer division truncates toward zero',
        ),
        Rule(
            '`MOD` takes the sign of the dividend',
            '`-7 MOD 2`',
            '`-1`',
        ),
        Rule(
            'integer `/` or `MOD` by zero is a runtime fault',
            '`x := a / 0;` (a variable 0)',
            'fault "integer division by zero"',
        ),
        Rule(
            'a constant `/ 0` is a compile error',
            '`x := a / 0;`',
            'error E309',
        ),
        Rule(
            "results wrap (two's complement) when stored",
            '`i := 32767; i := i + 1;` (INT)',
            '`-32768`',
        ),
        Rule(
            ('operations on SINT, INT, USINT, UINT, BYTE and WORD are computed in 32 bits, as on a 32-bit '
             'PLC'),
            '`(x + 1) / 2` with INT `x = 32767`',
            '`16384`',
        ),
        Rule(
            'with a DINT, UDINT or DWORD operand every intermediate wraps at 32 bits',
            '`(d + 1) / 2` with DINT `d = 2147483647`; `(ud + 1) = 0` with UDINT `ud = 4294967295`',
            '`-1073741824`; TRUE',
        ),
        Rule(
            'with a LINT, ULINT or LWORD operand every intermediate wraps at 64 bits',
            '`MIN(lmax + 5, -2)` with LINT `lmax = 9223372036854775807`',
            '`-9223372036854775804`',
        ),
        Rule(
            ('an operation computes in the common type of its operands; a 32-bit intermediate wraps before '
             'it widens to a 64-bit target'),
            '`l := d + d;` (LINT := DINT, `d = 2147483647`)',
            '`-2`',
        ),
        Rule(
            'comparisons see the 32/64-bit intermediate',
            '`x + 1 > 32767` with INT `x = 32767`; `(d + 1) > d` with DINT `d = 2147483647`',
            'TRUE; FALSE',
        ),
        Rule(
            ("a value bound to a conversion's or a function's parameter is first reduced to the "
             "parameter's type, as on assignment"),
            '`SINT_TO_INT(s + s)` with SINT `s = 100`',
            '`-56`',
        ),
        Rule(
            ("ABS, MAX, MIN, LIMIT, SEL, MUX, MOVE and the shifts' IN: the parameter's type is the type "
             'inferred for the call'),
            '`ABS(a - b)` with USINT `a = 2`, `b = 255`; `MAX(i * i, 0)` with INT `i = 1000`',
            '`3`; `16960`',
        ),
        Rule(
            ("TO_<type>, SHL/SHR/ROL/ROR's count, MUX's selector: the parameter has the argument's own "
             'type'),
            '`TO_DINT(s + s)` with SINT `s = 100`',
            '`-56`',
        ),
        Rule(
            "a function's result has its type: ABS of the minimum wraps",
            '`ABS(n)` with INT `n = -32768`',
            '`-32768`',
        ),
        Rule(
            'ADD, SUB, MUL, DIV, MOD, AND, OR, XOR written as calls compute like their operators',
            '`ADD(x, 1) / 2` with INT `x = 32767`',
            '`16384`',
        ),
        Rule(
            ('an untyped literal takes its type from its context: the other operand, the other values of a '
             'generic call, the parameter, the assignment target'),
            '`MIN(w, ROR(SEL(b, 2#11111111, 8#3), 16))` with WORD `w = 1000`, `b = FALSE`',
            '`255` (a WORD rotated by 16)',
        ),
        Rule(
            'untyped literals in a generic call take the type of its typed values',
            '`MIN(1, 2, s)` with SINT `s`',
            'a SINT',
        ),
        Rule(
            '`NOT` of an untyped literal takes the width of its context',
            '`w AND NOT 16#00FF` with WORD `w = 16#1234`',
            '`16#1200`',
        ),
        Rule(
            'a shift of an untyped literal with no typed context is a DWORD',
            '`ROL(16#80000000, 1) = 1`',
            'TRUE',
        ),
        Rule(
            'a literal that does not fit its target is an error',
            '`i := 40000;` (INT)',
            'error E304',
        ),
        Rule(
            ('a folded constant expression of literals only is computed like a run-time value of its '
             "context's type"),
            '`i := 32767 + 1;` (INT); `d := (2147483647 + 1) / 2;` (DINT)',
            '`-32768`; `-1073741824`',
        ),
        Rule(
            ('the integer literals 0 and 1 are BOOL FALSE and TRUE where a BOOL is expected (an initial '
             'value, an assignment, an argument to a user POU or to a standard function\'s BOOL parameter '
             '(SEL\'s G, BOOL_TO_INT\'s input), the other operand of AND/OR/XOR or a comparison with a '
             'BOOL), as the IEC grammar and matiec allow'),
            '`b : BOOL := 1; c := b AND 0; x := SEL(1, 10, 20);`',
            '`b = TRUE`, `c = FALSE`, `x = 20`; `b : BOOL := 2;` is error E305',
        ),
        Rule(
            'implicit widening INT -> DINT -> LINT, unsigned -> wider signed',
            '`d := i;` (DINT := INT)',
            'allowed',
        ),
        Rule(
            'narrowing needs a conversion, named in the message',
            '`i := d;` (INT := DINT)',
            '"cannot assign DINT to INT: use DINT_TO_INT(...)"',
        ),
        Rule(
            'bit strings and integers mix when the target is at least as wide (CODESYS)',
            '`w := i;` (WORD := INT), `%QW2 := %IW2 + 1;`',
            'allowed, wraps on store',
        ),
        Rule(
            ('in arithmetic (`+ - * /`, MOD, unary `-`, comparisons) and on the way to REAL/LREAL a bit '
             'string is the unsigned integer of its width, BYTE as USINT up to LWORD as ULINT (CODESYS, '
             'whose integer types include BYTE 0..255; IEC 61131-3 has no arithmetic on ANY_BIT): with '
             'a REAL a BYTE or WORD gives REAL, a DWORD or LWORD gives LREAL like UDINT; `-b` is '
             'computed in 32 bits like any small integer and wraps only when stored; no warning, as '
             'CODESYS gives none; the shifts and AND/OR/XOR are unchanged'),
            '`r * b` with REAL `r = 1.5`, BYTE `b = 200`; `i := -b;` (INT); `b2 := -b;` (BYTE)',
            '`300.0`; `-200`; `56`',
        ),
        Rule(
            '`NOT` on an integer is bitwise in its type (its operand is reduced to that type first)',
            '`NOT BYTE#16#0F`; `NOT (b + b)` with BYTE `b = 128`',
            '`16#F0`; `16#FF`',
        ),
        Rule(
            ('SHL/SHR shift the bit pattern, bits shifted out are lost; a count of 0 or less leaves the '
             'value'),
            '`SHL(BYTE#16#81, 1)`, `SHL(BYTE#16#81, n)` (`n = -1`)',
            '`16#02`, `16#81`',
        ),
        Rule(
            'ROL/ROR take the count modulo the width',
            '`ROL(BYTE#16#81, 9)`',
            '`16#03`',
        ),
        Rule(
            'bit access reads and writes one bit',
            '`w.3 := TRUE;` with `w = 0`',
            '`w = 8`',
        ),
        Rule(
            ('partial access `x.%Xn` is bit n, like `x.n`; byte and word partial access (`x.%B1`, '
             '`x.%W0`) is not supported'),
            '`w.%X4 := TRUE;` with `w = 8`',
            '`w = 24`; `w.%B1` is error E105',
        ),
        Rule(
            'subranges store like their base type; literals are checked against the range',
            '`s : INT(0..100) := 200;`',
            'error E304',
        ),
    ]),
    ('REAL, LREAL and conversions', [
        Rule(
            'REAL is float32: every REAL result is rounded to float32',
            '`r := 0.1;`',
            '`0.10000000149011612`',
        ),
        Rule(
            ('every REAL literal is a float32 wherever it stands, inside calls too; with LREAL it stays '
             'float64'),
            '`MIN(r, 16777217.0) - 16777216.0` with REAL `r = 1.0E10` (LREAL `r`)',
            '`0.0` (`1.0`)',
        ),
        Rule(
            'an integer becoming a REAL is rounded to float32 (an INT intermediate may exceed 24 bits)',
            '`r := i * i;` with INT `i = 32767`',
            '`1073676288.0`',
        ),
        Rule(
            "a REAL literal beyond float32's range is an error (a computed REAL overflows to INF)",
            '`d : REAL := 1.0e40;`',
            'error E304 "does not fit REAL ... use LREAL"',
        ),
        Rule(
            'LREAL is float64',
            '`l := 16777216.0 + 1.0;`',
            '`16777217.0` (REAL gives `16777216.0`)',
        ),
        Rule(
            'REAL division by zero follows IEEE',
            '`r := 1.0 / z;` (`z = 0.0`)',
            '`INF`; `0.0 / 0.0` gives NaN',
        ),
        Rule(
            ('INT, SINT, UINT, USINT (and BYTE, WORD) widen to REAL; every integer and bit string widens '
             'to LREAL'),
            '`r := i;`',
            'allowed; `r := d;` (DINT) is an error naming DINT_TO_REAL',
        ),
        Rule(
            'REAL_TO_INT and friends round half to even',
            '`REAL_TO_INT(2.5)`, `REAL_TO_INT(3.5)`',
            '`2`, `4`',
        ),
        Rule(
            "a REAL out of the target's range saturates (infinities too); NaN gives 0; never a fault",
            '`REAL_TO_SINT(1000.0)`, `REAL_TO_INT(1.0 / z)`, `REAL_TO_INT(z / z)` (`z = 0.0`)',
            '`127`, `32767`, `0`',
        ),
        Rule(
            ('TRUNC truncates toward zero, saturating like REAL_TO_INT; it gives DINT, or the integer type '
             'its target, parameter or conversion expects (IEC 61131-3: TRUNC is ANY_REAL to ANY_INT)'),
            ('`TRUNC(-2.7)`, `TRUNC(z / z)`; `INT_TO_BYTE(TRUNC(r))`, `s := TRUNC(r);` (SINT) with '
             '`r = 300.7`'),
            '`-2`, `0`; `44`, `127`',
        ),
        Rule(
            'a TIME from a REAL product or quotient truncates; NaN gives `T#0ms`',
            '`T#1s * 2.5`, `T#1s * (z / z)`',
            '`T#2s500ms`, `T#0ms`',
        ),
        Rule(
            'REAL_TO_TIME rounds to the nearest millisecond, as REAL_TO_INT does',
            '`REAL_TO_TIME(2500.7)`, `REAL_TO_TIME(2500.3)`',
            '`T#2501ms`, `T#2500ms`',
        ),
        Rule(
            ('BCD conversions, IEC names (WORD_BCD_TO_UINT, UINT_TO_BCD_WORD, for BYTE/WORD/DWORD/LWORD) '
             'and CODESYS/OSCAT ones (BCD_TO_INT, INT_TO_BCD, any integer type; the bit string is as '
             'wide as the integer); a value that is not BCD, or has no BCD form, gives all bits set '
             '(-1 for a signed result), as CODESYS'),
            '`BCD_TO_INT(16#1234)`, `USINT_TO_BCD_BYTE(99)`, `BCD_TO_INT(16#1A)`, `USINT_TO_BCD_BYTE(200)`',
            '`1234`, `16#99`, `-1`, `16#FF`',
        ),
        Rule(
            'integer conversions wrap',
            '`INT_TO_SINT(200)`',
            '`-56`',
        ),
        Rule(
            '`*_TO_BOOL` is "not zero"',
            '`INT_TO_BOOL(5)`',
            'TRUE',
        ),
        Rule(
            ('numbers to STRING: shortest text that reads back the same value (an integer or bit string: '
             "its decimal digits; BOOL: 'TRUE', 'FALSE'); INF, -INF and NaN are written 'INF', '-INF', "
             "'NaN', which are no numbers and read back as 0.0"),
            '`REAL_TO_STRING(0.1)`, `WORD_TO_STRING(16#FF)`',
            "`'0.1'`, `'255'`",
        ),
        Rule(
            ('STRING to numbers: the number the text spells, 0 when it is not a number; a whole number '
             'beyond the type wraps, as the integer conversions do; one with a fraction converts as '
             'LREAL_TO_<type> of it (half to even, saturating)'),
            "`STRING_TO_INT('x')`, `STRING_TO_INT('40000')`, `STRING_TO_INT('2.5')`",
            '`0`, `-25536`, `2`',
        ),
        Rule(
            '`TO_<type>(x)` (CODESYS) converts from any elementary type',
            '`TO_INT(2.5)`',
            '`2`',
        ),
        Rule(
            '`**` and EXPT give REAL for REAL/INT bases, LREAL for LREAL/DINT/LINT bases',
            '`2 ** 10`',
            '`1024.0`',
        ),
        Rule(
            'math functions on a negative or out-of-domain value give NaN, not a fault',
            '`SQRT(-1.0)`, `LN(0.0)`, `SIN(1.0 / z)`',
            'NaN, `-INF`, NaN',
        ),
        Rule(
            'EXPT follows IEEE at poles and overflow',
            '`EXPT(0.0, -1.0)`, `EXPT(-10.0, 401.0)`, `EXPT(-8.0, 0.5)`',
            '`INF`, `-INF`, NaN',
        ),
        Rule(
            'EXPT of integers is exact, rounded once to the result type',
            '`EXPT(y, p)` with LINT `y = 10`, `p = 23` (LREAL)',
            '`1e23` (not `1.0000000000000001e23`)',
        ),
    ]),
    ('TIME and dates', [
        Rule(
            ('`TIME()` (CODESYS) is the plant time of the scan, the time the timers see: 10 ms more on '
             'each scan, starting at `T#0ms`'),
            '`t := TIME();` on the 4th scan (a watch of `TIME()` shows the scan\'s time too)',
            '`t = T#30ms`',
        ),
        Rule(
            'TIME has millisecond resolution; sub-millisecond parts truncate',
            '`T#1.5ms`',
            '1 ms',
        ),
        Rule(
            ('TIME values are signed 64-bit millisecond counts (LTIME: nanoseconds); they wrap like LINT '
             'when stored, so doubling a TIME forever stays a 64-bit value'),
            '`T#24d + T#30d`',
            '`T#54d`',
        ),
        Rule(
            'TIME to number and back are milliseconds (CODESYS, TwinCAT)',
            '`TIME_TO_DINT(T#1s)`',
            '`1000`',
        ),
        Rule(
            'TIME arithmetic: TIME ± TIME, TIME * number, TIME / number',
            '`T#1s * 2.5`',
            '`T#2s500ms`',
        ),
        Rule(
            ('LTIME is nanoseconds, also as an LREAL or REAL (LTIME_TO_LREAL, LREAL_TO_LTIME); LTIME_TO_TIME '
             'keeps the whole milliseconds (toward zero); TIME and LTIME do not mix without TIME_TO_LTIME'),
            '`LTIME_TO_LINT(LTIME#1ms)`, `LTIME_TO_LREAL(LTIME#1ms)`, `LTIME_TO_TIME(LTIME#-1500us)`',
            '`1000000`, `1000000.0`, `T#-1ms`',
        ),
        Rule(
            ('a TIME, LTIME or date bound to a function\'s or a conversion\'s parameter is first reduced to '
             'its 64-bit count, as on assignment'),
            '`LIMIT(T#0ms, t * 4, T#1h)` with `t = T#2305843009213693952ms` (2^61 ms)',
            '`T#0ms` (`t * 4` wraps to the most negative TIME)',
        ),
        Rule(
            ('TIME and LTIME to STRING write the literal: each unit that is not zero once, largest first '
             '(d, h, m, s, ms; LTIME also us, ns), `T#0ms` for zero, the sign after the `#`; STRING_TO_TIME '
             'and STRING_TO_LTIME read such a literal back (prefix optional, as CODESYS), and a plain number '
             'as the count (milliseconds, nanoseconds)'),
            "`TIME_TO_STRING(T#90250ms)`, `STRING_TO_TIME('T#-1s500ms')`, `STRING_TO_TIME('1500')`",
            "`'T#1m30s250ms'`, `T#-1s500ms`, `T#1s500ms`",
        ),
        Rule(
            'DATE and DT are seconds since 1970-01-01, TOD milliseconds since midnight',
            '`TOD#00:00:01.5`',
            '`1500`',
        ),
        Rule(
            ('DT_TO_TOD gives the time of day, DT_TO_DATE cuts to midnight, DATE_TO_DT is midnight of that '
             'day'),
            '`DT_TO_TOD(DT#2024-01-01-01:00:00)`, `DT_TO_DATE(DT#2024-01-01-01:00:00)`',
            '`TOD#01:00:00`, `D#2024-01-01`',
        ),
        Rule(
            'TOD converts to and from TIME/LTIME as the time since midnight; a TIME wraps into one day',
            '`TOD_TO_TIME(TOD#01:00:00)`, `TIME_TO_TOD(T#25h30m)`',
            '`T#1h`, `TOD#01:30:00`',
        ),
        Rule(
            'dates to and from numbers are the raw counts (seconds, TOD milliseconds)',
            '`DT_TO_UDINT(DT#1970-01-02-00:00:00)`',
            '`86400`',
        ),
        Rule(
            ("dates to STRING write the literal (`'D#2024-01-31'`, `'TOD#12:30:15.5'`: a fraction of a "
             "second without its trailing zeros, `'DT#2024-01-31-12:30:00'`); STRING to a date reads it back "
             '(prefix optional), 0 when it is not a date'),
            "`TOD_TO_STRING(TOD#07:05:00.250)`, `STRING_TO_DT('DT#2024-02-29-23:59:58')`",
            "`'TOD#07:05:00.25'`, `DT#2024-02-29-23:59:58`",
        ),
        Rule(
            ('date arithmetic (IEC Table 30): DT +/- TIME and TIME + DT give a DT, TOD +/- TIME and TIME + '
             'TOD a TOD, DT - DT, DATE - DATE and TOD - TOD a TIME; an LTIME counts its whole '
             'milliseconds; a DATE plus a duration is an error (DATE_TO_DT first)'),
            '`DT#2024-02-28-23:59:59 + T#1s`, `D#2024-03-01 - D#2024-02-28`',
            '`DT#2024-02-29-00:00:00`, `T#2d`',
        ),
        Rule(
            ('DT counts whole seconds: DT +/- TIME gives the second the instant falls in; TOD +/- TIME '
             'wraps into one day, as TIME_TO_TOD'),
            '`DT#2024-02-28-23:59:59 - T#1ms`, `TOD#23:00:00 + T#2h30m`',
            '`DT#2024-02-28-23:59:58`, `TOD#01:30:00`',
        ),
        Rule(
            ('the function forms compute as their operators: ADD_TIME, SUB_TIME, MUL_TIME, DIV_TIME '
             '(MULTIME, DIVTIME), ADD_TOD_TIME, ADD_DT_TIME, SUB_TOD_TIME, SUB_DT_TIME, SUB_DATE_DATE, '
             'SUB_TOD_TOD, SUB_DT_DT; CONCAT_DATE_TOD joins a day and a time of day'),
            '`CONCAT_DATE_TOD(D#2024-03-01, TOD#12:30:15)`, `DIVTIME(T#1s500ms, 4)`',
            '`DT#2024-03-01-12:30:15`, `T#375ms`',
        ),
        Rule(
            ('conversions with no meaning are errors: TOD to DATE/DT, DATE to TOD, DATE/DT to and from '
             'TIME'),
            '`DATE_TO_TOD(d)`',
            'error E326 "a DATE has no time of day"',
        ),
    ]),
    ('STRING', [
        Rule(
            'STRING defaults to 80 characters; `STRING[10]` and `STRING(10)` both declare a length',
            "`s : STRING[5]; s := 'abcdefgh';`",
            "`'abcde'` (truncated on store; warning W301 for a literal)",
        ),
        Rule(
            '`+` does not join texts: the message suggests CONCAT',
            "`t := s + 'x';`",
            'error E306 "use CONCAT(s, \'x\')"',
        ),
        Rule(
            'positions in LEFT/RIGHT/MID/FIND/INSERT/DELETE/REPLACE are 1-based',
            "`FIND('abc', 'c')`",
            "`3` (0 when not found, and for `FIND(s, '')`)",
        ),
        Rule(
            ('lengths and positions out of range: LEFT/RIGHT with L <= 0 give \'\' and past the length the '
             'whole text; MID(IN, L, P) gives \'\' for P < 1, P > LEN(IN) or L <= 0; INSERT puts IN2 after '
             'the P-th character, in front for 0, at the end past the length, and a negative P leaves IN1 '
             '(CODESYS); DELETE and REPLACE take P = 0 as P = 1 with one character less, as CODESYS '
             'documents it (and keeps, for compatibility); DELETE leaves IN for P < 0, P past the end or '
             'L <= 0; REPLACE leaves IN1 for P < 0 and appends IN2 past the end'),
            "`DELETE('ABCDE', 2, 0)`, `REPLACE('ABCDE', 'x', 2, 0)`, `INSERT('AB', 'x', -1)`",
            "`'BCDE'`, `'xBCDE'`, `'AB'`",
        ),
        Rule(
            ('the string functions take and give texts of any length (CODESYS limits them to 255 '
             'characters); only a store cuts a text to its target\'s length'),
            "`LEN(CONCAT(s, s))` with a `STRING[200]` s of 200 characters",
            '`400`',
        ),
    ]),
    ('Statements', [
        Rule(
            'FOR evaluates start, end and step once',
            '`FOR i := 1 TO n DO n := n + 1; END_FOR;`',
            'runs the first `n` times',
        ),
        Rule(
            'FOR leaves the first value that failed the test',
            '`FOR i := 1 TO 3 DO END_FOR;`',
            '`i = 4`',
        ),
        Rule(
            'a FOR that never runs leaves the start value',
            '`FOR i := 5 TO 1 DO END_FOR;`',
            '`i = 5`',
        ),
        Rule(
            'EXIT leaves the variable at its current value',
            '`FOR i := 1 TO 9 DO IF i = 3 THEN EXIT; END_IF; END_FOR;`',
            '`i = 3`',
        ),
        Rule(
            'a body that changes the FOR variable is obeyed (CODESYS)',
            '`FOR i := 1 TO 10 DO i := i + 1; END_FOR;`',
            '5 iterations, `i = 11`',
        ),
        Rule(
            'a constant FOR step of 0 is an error; a run-time step of 0 is a fault',
            '`FOR i := 1 TO 3 BY s` with `s = 0`',
            'fault "FOR step is 0"',
        ),
        Rule(
            ('CASE: the first matching branch runs, no fall-through; labels may be lists, ranges, enum '
             'values'),
            '`CASE 3 OF 1..5: a := 1; 3: a := 2; END_CASE;`',
            '`a = 1` (warning W403 on the unreachable label)',
        ),
        Rule(
            'CONTINUE in REPEAT still tests the UNTIL condition',
            '`REPEAT n := n + 1; CONTINUE; UNTIL n > 2 END_REPEAT;`',
            '`n = 3`',
        ),
        Rule(
            'EXIT/CONTINUE outside a loop are errors',
            '`EXIT;` in a program body',
            'error E404',
        ),
        Rule(
            'RETURN in a PROGRAM or FB ends this call of the body',
            '`RETURN;`',
            'later statements skipped this scan',
        ),
    ]),
    ('POUs and calls', [
        Rule(
            ('a VAR_GLOBAL declared in a PROGRAM or a CONFIGURATION is a global of the file: every POU '
             'reaches it through VAR_EXTERNAL, whichever comes first in the file'),
            '`FUNCTION_BLOCK F VAR_EXTERNAL g : INT; END_VAR` before `PROGRAM Main VAR_GLOBAL g : INT;`',
            'F reads and writes Main\'s `g`',
        ),
        Rule(
            'exactly one PROGRAM runs: the only one, or the first one named in a CONFIGURATION',
            '`PROGRAM A ... PROGRAM B ...` with no CONFIGURATION',
            'error E409',
        ),
        Rule(
            'recursion is refused',
            '`FUNCTION F ... F := F(n - 1);`',
            'error E408',
        ),
        Rule(
            'an FB that contains an instance of itself is refused',
            '`FUNCTION_BLOCK A VAR a2 : A; END_VAR`',
            'error E403',
        ),
        Rule(
            ('an FB may assign its own VAR_INPUT (CODESYS, matiec): it writes the FB\'s copy, never the '
             "caller's variable; a later call that gives the input overwrites it, one that leaves it "
             'out keeps it'),
            '`start := FALSE;` inside the FB after `l(start := cmd);`, then `l();`',
            '`l.start = FALSE`, `cmd` unchanged',
        ),
        Rule(
            'function locals (VAR and VAR_TEMP) start from their initial values on every call',
            '`n := n + 1; F := n;`',
            'F = 1 every call',
        ),
        Rule(
            'VAR_TEMP of a PROGRAM or FB is re-initialised on every call',
            '`VAR_TEMP n : INT; END_VAR n := n + 1; x := x + n;` for 3 scans',
            '`x = 3` (n is 1 on every scan)',
        ),
        Rule(
            ('missing FB inputs keep their previous value; missing function inputs take their initial '
             'value'),
            '`Timer1(IN := x);`',
            'PT unchanged',
        ),
        Rule(
            ('a VAR_IN_OUT is passed by reference (IEC, CODESYS): the callee reads and writes the '
             "caller's variable itself, so two in-outs bound to one variable see each other's writes"),
            '`Add2(a := x, b := x);` with `a := a + 1; b := b + 1;`, `x = 0`',
            '`x = 2`',
            'VAR_IN_OUT is passed by reference',
        ),
        Rule(
            ('a callee that also reaches the variable another way (VAR_EXTERNAL, the same FB member) sees '
             'a write through the VAR_IN_OUT at once'),
            '`f(io := g);` with `io := io + 1; seen := g;` in f (VAR_EXTERNAL g, `g = 5`)',
            '`seen = 6`',
        ),
        Rule(
            ('a VAR_IN_OUT must be given in every call and bound to a variable: a whole variable, an '
             'array element (its index evaluated once, at the call), a structure field or an FB member; '
             'arrays, structures and FB instances are passed as themselves'),
            '`Swap(a := arr[i], b := s.f);`',
            'arr[i] and s.f swapped',
        ),
        Rule(
            'a bit of a variable cannot be bound to a VAR_IN_OUT (it has no address of its own)',
            '`f(b := w.3);`',
            'error E416',
        ),
        Rule(
            ("an FB's VAR_IN_OUT in the watch tree and in `read`/`write` paths is the variable its last "
             'call bound it to'),
            '`read("f.io")` after `f(io := x);`',
            'the value of `x`',
        ),
        Rule(
            ('EN/ENO on any call (IEC): with `EN := FALSE` the call does not run (no inputs stored, no '
             'outputs read), ENO is EN, and a function\'s value is its type\'s default (matiec); a POU '
             'that declares EN or ENO itself gets them as plain parameters'),
            '`b := MOVE(EN := go, IN := 7, ENO => ok);` with `go = FALSE`',
            '`b = 0`, `ok = FALSE`',
        ),
        Rule(
            'an FB call is a statement; its outputs are read afterwards (`T1.Q`) or with `=>`',
            '`T1(IN := s, Q => lamp);`',
            '`lamp = T1.Q`',
        ),
        Rule(
            '`NOT Q => x` stores the negated output',
            '`T1(IN := s, NOT Q => idle);`',
            '`idle = NOT T1.Q`',
        ),
        Rule(
            ('a constant may bound an array declared before it in the same POU (or globals); '
             'declarations keep the source order in the watch tree'),
            '`VAR a : ARRAY[1..N] OF INT; END_VAR VAR CONSTANT N : INT := 3; END_VAR`',
            '`a` has 3 elements',
        ),
        Rule(
            ('a constant\'s initial value may name a constant declared after it in the same VAR CONSTANT '
             'section; constants defined through each other are error E303'),
            '`VAR CONSTANT N2 : INT := N + 1; N : INT := 3; END_VAR`',
            '`N2 = 4`; `A : INT := B; B : INT := A;` is error E303 "the constants A -> B -> A are ..."',
        ),
        Rule(
            ('a STRING or WSTRING length, like an array bound, may be a constant expression over a VAR '
             'CONSTANT of the POU or a VAR_GLOBAL CONSTANT (top level, CONFIGURATION or PROGRAM), '
             'declared anywhere in the file, also in a TYPE; a variable that is not CONSTANT is error E303'),
            '`TYPE Rec : STRUCT name : STRING[LEN]; END_STRUCT; END_TYPE` ... '
            '`VAR_GLOBAL CONSTANT LEN : INT := 3; END_VAR`, `r.name := \'abcdef\';`',
            '`r.name = \'abc\'`',
        ),
        Rule(
            ('array initialisers may omit the `[ ]` (IEC edition 2, matiec) and repeat a value with '
             '`n(value)`; missing values are the element type\'s default'),
            '`a : ARRAY[1..5] OF INT := 1, 2, 3(7);`',
            '`[1, 2, 7, 7, 7]`',
        ),
        Rule(
            ('an initial value in a TYPE declaration is the start value of every variable of that type '
             '(through aliases and in structure fields), unless the variable gives its own'),
            '`TYPE Level : INT := 7; END_TYPE` and `l : Level;`',
            '`l = 7`',
        ),
        Rule(
            'arrays and structures assign by value',
            '`a := b; b[1] := 5;`',
            '`a[1]` unchanged',
        ),
        Rule(
            'array indexes are checked at run time; constant indexes at compile time',
            '`Cells[11]` with `ARRAY[1..10]` at run time',
            'fault "index 11 out of range 1..10 for Cells"',
        ),
        Rule(
            ('BOOL `AND` and `OR` leave the right operand out when the left decides the result, unless it '
             'calls a user FUNCTION, a FUNCTION_BLOCK, a METHOD, ADR or REF: those always run, as on a PLC '
             'that evaluates every operand (CODESYS evaluates all operands of AND and OR; its AND_THEN and '
             'OR_ELSE are the short-circuit forms); so a guard on the left keeps an index on the right '
             'in range'),
            '`b := k > 0 AND ABS(a[k]) < 5;` with `k = 0`; `c := k = 0 OR F(x);`',
            '`b` FALSE, no index fault; F runs',
            'AND and OR: the right operand is skipped once the left decides, except calls of user POUs',
        ),
        Rule(
            'enumerations default to their first value; values count up from the last explicit value',
            '`(Idle, Run := 5, Stop)`',
            'Idle = 0, Stop = 6',
        ),
        Rule(
            'enum values may be written qualified `Color#Red` or plain `Red` (if only one enum has it)',
            '`c := Color#Green; d := Green;` with `TYPE Color : (Red, Green); END_TYPE`',
            '`c = d = Green`',
        ),
        Rule(
            'enums are integers inside, shown by name in the watch tree and in `--json`',
            '`c := Green;` with `TYPE Color : (Red, Green); END_TYPE`',
            '`"Green"`',
        ),
        Rule(
            ('`--json` writes REAL NaN and infinities as the strings `"NaN"`, `"INF"`, `"-INF"` (JSON has '
             'no such numbers)'),
            '`r := 1.0 / z;`',
            '`"INF"`',
        ),
    ]),
    ('Standard function blocks', [
        Rule(
            ('TON/TOF/TP run on plant time: the edge scan starts the timer at that scan\'s time, and Q '
             'rises on the scan where the elapsed time reaches PT'),
            '`T1(IN := TRUE, PT := T#100ms);` every scan from t = 0 (10 ms scans)',
            'Q TRUE from the 11th scan (t = 100 ms)',
            'timers run on plant time: 10 ms per scan',
        ),
        Rule(
            'R_TRIG starts with M = FALSE: it pulses on its first call with CLK TRUE',
            '`r(CLK := TRUE);` on the first scan',
            '`r.Q = TRUE`',
        ),
        Rule(
            ('F_TRIG does not pulse on its first call with CLK = FALSE: a falling edge needs a TRUE '
             'first (CODESYS Standard, TwinCAT; IEC edition 2 and matiec pulse there)'),
            '`f(CLK := FALSE);` on the first scan; then TRUE, then FALSE',
            '`f.Q` FALSE, FALSE, TRUE',
            "F_TRIG's first call",
        ),
        Rule(
            'CTU counts up to its type\'s maximum, not to PV; Q is CV >= PV',
            '`c(CU := edge, PV := 2);` after 3 rising edges',
            '`c.CV = 3`, `c.Q = TRUE`',
        ),
        Rule(
            ('typed counters CTU_/CTD_/CTUD_ with DINT, LINT, UINT, UDINT, ULINT: PV and CV of that type, '
             'counting to its limits; CTU, CTD, CTUD count INT'),
            '`c : CTU_DINT;` at CV 2147483646, two more rising edges; `d : CTD_UDINT;` at 0, one more',
            '`c.CV = 2147483647`; `d.CV = 0`',
        ),
    ]),
    ('Scans, process image, faults, forcing', [
        Rule(
            ('scan order: forces, inputs copied from the input image into located variables, forces, '
             'program, forces, outputs copied to the output image'),
            '`q AT %QX0.0 : BOOL;` forced TRUE, the program writes `q := FALSE;`',
            'the output image holds TRUE',
        ),
        Rule(
            '`set_input` between scans is seen by the next scan only',
            '`set_input("%IX0.0", True)`',
            'the program sees it on the next `scan()`',
        ),
        Rule(
            ('addresses are canonical upper case with a size letter and no leading zeros, in the program '
             'and in `set_input`/`get_output`/paths alike'),
            '`%i0.0`, `%qw04`',
            '`%IX0.0`, `%QW4`',
        ),
        Rule(
            ("a located variable's type fits its address size: `X` BOOL, `B` 8-bit, `W` 16-bit, `D` 32-bit "
             '(with REAL, TIME and the dates), `L` 64-bit'),
            '`a AT %IX0.0 : INT;`',
            'error E318 "%IX0.0 is a bit address: declare BOOL, not INT"',
        ),
        Rule(
            'an address used directly in code is an implicit located variable',
            '`%QX0.1 := %IX0.2;`',
            'works like a declared `AT` variable',
        ),
        Rule(
            'overlapping addresses (`%IW0` and `%IX0.0`) are separate points',
            '`w AT %IW0 : WORD; b AT %IX0.0 : BOOL;` with `%IW0` = 1 in the input image',
            'no aliasing',
        ),
        Rule(
            'an unknown input address is kept and ignored; an unwritten output reads FALSE/0',
            '`get_output("%QX7.7")`',
            '`False`',
        ),
        Rule(
            ("`set_input` converts like `write`: integers wrap to the point's type, REAL rounds to "
             'float32, text for a number is an error'),
            '`set_input("%IW2", 40000)` (INT)',
            'the program reads `-25536`',
        ),
        Rule(
            'a runtime fault stops the PLC: outputs read FALSE/0, `scan()` does nothing until a new instance',
            '`k := 10 / k;` with k = 0 on the 1st scan, then 2 more scans',
            'one fault; the next scans change nothing',
        ),
        Rule(
            'variable values at the fault stay readable for the watch',
            '`a := a + 1; z := 1 / z;`',
            '`a` shows the new value',
        ),
        Rule(
            ('the watchdog budget is 1,000,000 units per scan: a loop iteration (backward jump) in any POU '
             'counts 1, a call of a user FUNCTION or FB counts 4 plus the values of the locals it builds '
             '(so a loop-free tree of 10^9 calls faults too, in a fraction of a second and the same on '
             'every machine)'),
            '`WHILE TRUE DO END_WHILE;`',
            'fault "watchdog ..." naming the loop\'s line (for calls: the called POU\'s line)',
        ),
        Rule(
            ('the host may also set a wall-clock `deadline`: a scan whose loops are still running at it '
             'stops with a fault; the iteration budget stays 1,000,000'),
            '`inst.deadline = time.perf_counter() + 0.05` with a heavy `FOR i := 1 TO 999000`',
            'fault "wall-clock limit reached inside the scan at line N"',
        ),
        Rule(
            'a fault message names the ST line that ran: the statement, or the loop for the watchdog',
            '`str(inst.fault)`',
            '`program.st:12:5: runtime fault: integer division by zero`',
        ),
        Rule(
            ('forcing: the forced value is written before and after every scan, so the program computes '
             'with it but cannot keep its own write'),
            '`force("n", 100)` with `n := n + 1; copy := n;`',
            '`n = 100`, `copy = 101`',
        ),
        Rule(
            ('forcing an input address wins over `set_input`; forcing an output address fixes the output '
             'image'),
            '`force("%QX0.1", True)`',
            '`get_output("%QX0.1")` is True',
        ),
        Rule(
            'TIME the scan sees is the plant time given to `scan(now_ms)`; all timers in one scan see it',
            '`t1(IN := TRUE, PT := T#20ms); t2(IN := TRUE, PT := T#20ms);` on scans at 0, 10, 20 ms',
            '`t1.Q` and `t2.Q` rise together at 20 ms',
        ),
    ]),
    ('Object-oriented extensions and references', [
        Rule(
            ('METHOD, PROPERTY, INTERFACE, EXTENDS, IMPLEMENTS, THIS, SUPER, ABSTRACT, FINAL, REFERENCE '
             'TO and REF_TO are accepted as IEC 61131-3 3rd edition and CODESYS 3 / TwinCAT 3 write them; '
             'in a FUNCTION_BLOCK the methods and properties stand after the declarations and before the '
             'body (the standard\'s order)'),
            '`FUNCTION_BLOCK Fb VAR n : INT; END_VAR METHOD Inc : INT Inc := n; END_METHOD n := n + 1; '
            'END_FUNCTION_BLOCK`',
            'compiles',
        ),
        Rule(
            ('a METHOD\'s VAR_INPUT, VAR_OUTPUT, VAR_IN_OUT and VAR are temporaries: they start at their '
             'initial values on every call (CODESYS); the method sees its block\'s variables (not its '
             'VAR_TEMP); it is called `fb.M(...)` from outside and `M(...)` or `THIS^.M(...)` inside; '
             'outputs are read with `=>` as for a function'),
            '`METHOD Add : INT VAR_INPUT n : INT; END_VAR VAR s : INT; END_VAR s := s + n; Add := s; '
            'END_METHOD`, `x := fb.Add(5);` twice',
            '`x = 5` both times',
        ),
        Rule(
            ('PUBLIC (the default) and INTERNAL methods and properties are usable anywhere (one file is one '
             'namespace); PRIVATE ones only in the block that declares them, PROTECTED ones there and in '
             'blocks that extend it (CODESYS); anything else is error E420'),
            '`x := fb.Secret();` with `METHOD PRIVATE Secret`',
            'error E420',
        ),
        Rule(
            ('EXTENDS inherits the variables, methods and properties; a method of the same name overrides '
             'with the same signature (else E423) and is chosen by the instance, also from the base\'s own '
             'body; it may say so with OVERRIDE (IEC 3rd edition; before or after its access specifier, as '
             'CODESYS and TwinCAT), and OVERRIDE on a method or property that overrides nothing is error '
             'E423; calling a derived instance runs its own body only, `SUPER^()` runs the base body and '
             '`SUPER^.M()` the base\'s method (CODESYS 3)'),
            '`FUNCTION_BLOCK B EXTENDS A ... SUPER^(); n := n + 100;` with A\'s body `n := n + 1;`',
            '`n` grows by 101 per call',
        ),
        Rule(
            ('an ABSTRACT block has no instances (E421) and a block that leaves an inherited ABSTRACT method '
             'unimplemented must be ABSTRACT itself (E421); a FINAL block cannot be extended and a FINAL '
             'method not overridden (E422)'),
            '`s : Shape;` with `FUNCTION_BLOCK ABSTRACT Shape`',
            'error E421',
        ),
        Rule(
            ('a block that IMPLEMENTS an interface implements each of its methods and properties with the '
             'same parameters, in the same order, and result (E423); a variable of an interface type holds '
             'an instance of a block that implements it (or 0) and calls dispatch to that instance; a call '
             'through an interface that holds nothing is a runtime fault naming the line'),
            '`i : IDrive; x := i.Speed(1);` before `i := drive;`',
            'runtime fault "\'i\' refers to nothing (NULL)"',
        ),
        Rule(
            ('a method input the call leaves out takes the default declared by the code that runs (the '
             "implementation's, or the override's), whether the call names the block, an interface or a "
             "reference to a base block; an interface's own initial values are not used (CODESYS fills in "
             "the declaration the call names: its compiler note C0533 says interface input defaults apply)"),
            '`i := g; x := i.Get();` with `METHOD Get` of `g` declaring `VAR_INPUT k : INT := 5;`',
            '`x` as `g.Get()`: k = 5',
        ),
        Rule(
            ('a PROPERTY has a GET, a SET or both; `fb.P := v` calls SET (P is its input), reading `fb.P` '
             'calls GET (P is its result); a property without SET cannot be assigned, one without GET '
             'cannot be read (E401); an interface property with no accessor listed needs both'),
            '`t.Level := 5; x := t.Level;`',
            'SET ran with 5, then GET',
        ),
        Rule(
            ('REF_TO T (IEC) is read and written through `r^`; `r := REF(x);` makes it refer to x; '
             'REFERENCE TO T (CODESYS) is bound with `r REF= x;` and its name alone is x; both compare '
             'with `= 0`, `<> 0` or NULL, `__ISVALIDREF(r)` is TRUE when bound; reading or writing through '
             'one that refers to nothing is a runtime fault naming the line'),
            '`r := REF(a); r^ := r^ + 1;`; `x := q^;` with q never assigned',
            '`a` one larger; runtime fault "\'q\' refers to nothing (NULL)"',
        ),
        Rule(
            ('`THIS.x`, `THIS.M()`, `SUPER.M()` and `SUPER()` (IEC 61131-3 3rd edition, logi.CAD, STruC++) '
             'are `THIS^.x`, `THIS^.M()`, `SUPER^.M()` and `SUPER^()` (CODESYS, where THIS is a pointer): '
             'both are accepted, without a warning; a REF_TO (like a CODESYS POINTER) is reached only '
             'through `^`: `r.x` is error E209 saying to write `r^.x`; a REFERENCE TO needs no `^`'),
            '`n := n + THIS.Step();`; `v := r.x;` with `r : REF_TO Pt`',
            'calls this instance\'s Step; error E209 "... write r^.x"',
        ),
        Rule(
            ('REF() of a VAR_TEMP or of a FUNCTION\'s or METHOD\'s own variable is error E425: that '
             'variable ends with the call and a reference to it would dangle (CODESYS allows it and leaves '
             'the reference invalid); a reference to a constant is E425 too'),
            '`r := REF(tmp);` with `tmp` in VAR_TEMP',
            'error E425',
        ),
    ]),
    ('Pointers (CODESYS, TwinCAT)', [
        Rule(
            ('`p : POINTER TO T` holds an address: `p := ADR(x);` (x a variable, an array element, a '
             'structure field, a STRING, an FB instance, or p^ itself), `p^` reads and writes T there, '
             '`p^.f` and `p^[i]` reach into a structure or an array; a pointer is a DWORD (32-bit '
             'addresses, as OSCAT and CODESYS on 32-bit targets assume): it compares with `= 0`, `<> 0`, '
             'with another pointer or a DWORD, takes 0, NULL, another POINTER TO of any type (a cast: '
             'the bytes there read as the new type) or a DWORD, and gives its value to a DWORD'),
            '`p := ADR(a); p^ := p^ + 1;`',
            '`a` one larger',
        ),
        Rule(
            ('pointer arithmetic counts bytes, whatever the pointed type (CODESYS): `pt := pt + 1` moves '
             'one byte; multi-byte values are little-endian (x86 CODESYS), REAL and LREAL are their IEEE '
             'bits, BOOL is one byte (any non-zero byte reads TRUE), TIME and TIME_OF_DAY (milliseconds) and '
             'DATE and DATE_AND_TIME (seconds) are unsigned 32-bit, LTIME signed 64-bit nanoseconds, a '
             'STRING[n] is its characters (Latin-1) then NUL bytes up to n + 1 (a WSTRING: UTF-16 units); '
             'writing a byte into a STRING changes that character, and a 0 ends the STRING there'),
            '`pw := ADR(b);` with `b : ARRAY[0..1] OF BYTE := [16#34, 16#12]` and `pw : POINTER TO WORD`',
            '`pw^ = 16#1234`',
        ),
        Rule(
            ('SIZEOF(x) and SIZEOF(T) are constants (an untyped integer, like a literal): BOOL, SINT, '
             'USINT, BYTE 1; INT, UINT, WORD 2; DINT, UDINT, DWORD, REAL, TIME, TIME_OF_DAY, DATE, '
             'DATE_AND_TIME and a POINTER 4; LINT, ULINT, LWORD, LREAL, LTIME 8; an enumeration its base '
             'type (INT: 2); STRING[n] n + 1, WSTRING[n] 2(n + 1); an array its element times the count; '
             'a structure (and an FB instance: its inputs, outputs and variables in order, VAR_IN_OUT not '
             'counted) lays each member at the next multiple of its alignment (an elementary type its size, '
             'a STRING 1, an array its element\'s, a structure its largest member\'s) and is rounded up '
             'to its own alignment: CODESYS 3 / TwinCAT 3 default packing (pack_mode 8)'),
            '`SIZEOF(s)` with `STRUCT x : INT; y : REAL; s : STRING[5]; END_STRUCT`',
            '16 (x at 0, y at 4, s at 8..13, padded to 16)',
        ),
        Rule(
            ('the memory model: variables stay values (forcing, watching and the fast path are unchanged); '
             'ADR gives the variable that contains x (a scalar, or a whole array, structure or FB '
             'instance) an address the first time it is asked for, counting up from 16#00010000 in steps of '
             '8 bytes, so addresses depend only on the program and what it did, never on the host; `p^` '
             'finds that variable by address and uses the element of T that starts there, or the bytes of '
             'the elements it overlaps; two variables are never adjacent in this memory (ADR(a) + SIZEOF(a) '
             'is not ADR of the next variable); bytes written into a STRING past its terminating NUL are '
             'kept as long as the STRING keeps its value (a later NUL-free path to them makes them part of '
             'it, as on the PLC), and an assignment to the STRING starts them afresh as NULs'),
            '`p1 := ADR(a); p2 := ADR(b);` as the first ADRs of the program',
            '`p1 = 16#00010000`, `p2 = 16#00010008`',
        ),
        Rule(
            ('dereferencing a pointer that is 0, that points at no variable, or whose access runs past the '
             'end of the variable it points into (also `p^[i]` within the declared bounds of a POINTER TO '
             'ARRAY[0..32000] OF BYTE but beyond the real buffer) is a runtime fault naming the line; an '
             'index outside the declared bounds of the pointer\'s array is the usual index fault'),
            '`x := p^;` with `p` 0; `pt^[20]` on `ADR(buf)` of a 10-byte buffer',
            'runtime fault "pointer is 0 (NULL)"; runtime fault "... runs past the end ..."',
        ),
        Rule(
            ('ADR of a FUNCTION\'s or METHOD\'s variable, or of a VAR_TEMP, gives an address in a stack '
             'area (from 16#40000000) that the call releases when it returns: a pointer kept after that '
             'faults ("points at no variable") or, once another call has taken addresses there, reaches '
             'that call\'s variable, as a dangling pointer does on the PLC (deterministically here)'),
            '`p := F();` with F returning ADR of its own local, then `x := p^;`',
            'runtime fault "pointer 16#40000000 points at no variable"',
        ),
        Rule(
            ('`p^` of a structure, array or FB type used whole (`s := p^;`, `p^.method()`, `p^(...)`) needs '
             'a variable of that type (or a block derived from it) to start at that address, else a runtime '
             'fault; ADRINST, BITADR and XSIZEOF are not supported'),
            '`ps := ADR(w); s := ps^;` with `w : WORD`, `ps : POINTER TO S`',
            'runtime fault "... does not point at a S ..."',
        ),
        Rule(
            ('the debugger\'s variable tree shows a pointer as its address, the variable and element it '
             'points at and, for a scalar target, the value `p^` reads; reading the pointer itself '
             '(`read("p")`, a watch) gives the address, a DWORD'),
            '`p := ADR(arr[2]);`',
            '`16#0001000A -> arr[2] = 2`',
        ),
    ]),
    ('Arrays of any bounds', [
        Rule(
            ('a VAR_IN_OUT may be `ARRAY[*] OF T` (or `ARRAY[*, *]`...): it takes an array of those '
             'dimensions and any bounds, by reference; `LOWER_BOUND(a, 1)` and `UPPER_BOUND(a, 1)` give the '
             'bounds of the array passed (DINT; of a fixed array, its declared bounds); an index outside '
             'them is the usual runtime fault; ARRAY[*] anywhere else is error E313'),
            '`Sum(b)` with `b : ARRAY[-2..2] OF INT` and `FOR i := LOWER_BOUND(a, 1) TO UPPER_BOUND(a, 1)`',
            'the loop runs i = -2 .. 2',
        ),
    ]),
    ('Where a third-party test suite expects otherwise', [
        Rule(
            ('TIME_TO_DINT and the other TIME to number conversions give milliseconds (CODESYS, TwinCAT), '
             'not nanoseconds as the STruC++ validation tests expect'),
            '`ms := TIME_TO_DINT(T#1s);`',
            '`ms = 1000`',
        ),
        Rule(
            ('CTUD counts down on the rising edge of CD (IEC 61131-3 Table 45, CODESYS), not on its '
             'falling edge as the STruC++ validation tests expect'),
            '`c(CD := x);` with x FALSE, TRUE, TRUE, FALSE on four scans',
            '`c.CV` 0, -1, -1, -1',
        ),
        Rule(
            ('F_TRIG does not pulse on its first call with CLK = FALSE (CODESYS Standard, TwinCAT), where '
             'the STruC++ validation tests expect a pulse'),
            '`f(CLK := FALSE);` on the first scan',
            '`f.Q = FALSE`',
        ),
        Rule(
            ('a function block\'s VAR_OUTPUT is written only by the block itself (its body and its methods, '
             'by name or through `THIS^`; a method writes its own VAR_OUTPUT too): assigning it from '
             'outside, also from another block holding the instance, is error E401 (IEC 61131-3, CODESYS), '
             'although some test suites do it (STruC++: `ctrl.m.val := 5;`)'),
            '`t.Q := TRUE;` with `t : TON`',
            'error E401 "cannot assign to \'Q\': it is an output of the function block"',
        ),
        Rule(
            ('a doubled quote `\'\'` inside a STRING is not an IEC escape: it ends the literal and starts '
             'another (E101); the quote inside a STRING is `$\'` (IEC 61131-3), in a WSTRING `$"` (the '
             'STruC++ strings test file writes `\'\'`, so its three tests do not compile)'),
            "`s := 'it''s';`; `s := 'it$'s';`",
            "error E101; `s = 'it\'s'`",
        ),
    ]),
    ('Not supported', [
        Rule(
            ('ADRINST, BITADR, XSIZEOF, UNION, VAR_INST, VAR_STAT, '
             'CODESYS operators with two leading underscores (`__NEW`, `__QUERYINTERFACE`, ...; '
             '`__ISVALIDREF` is supported), namespace-qualified types (`Lib.T`), addresses with no number '
             '(`%I*`) and byte or word partial access (`x.%B1`) are refused where they appear'),
            '`t : Lib.TON;`',
            'error E105 "not supported: namespace-qualified type \'Lib.TON\'"',
            'not supported',
        ),
    ]),
    ('Debugger', [
        Rule(
            ('a breakpoint line pauses before the first statement that starts on that line, every time it '
             'is reached'),
            'a breakpoint on `n := n + 1;` in `FOR i := 1 TO 3 DO n := n + 1; END_FOR;`',
            '3 pauses',
        ),
        Rule(
            'step into enters the body of a user FB or function; standard FBs are stepped over',
            'step into on `f(x := 1);` (a user FB), then on `t(IN := TRUE);` (a TON)',
            "pauses in f's body; the TON line is passed in one step",
        ),
        Rule(
            ('step over pauses at the next statement at the same or a shallower call depth; step out at the '
             'next statement of the caller'),
            "step over on `f(x := 1);`, step out inside f's body",
            'step out of the PROGRAM ends the scan',
        ),
        Rule(
            '`scan()` on a debug instance finishes a paused scan, or runs a whole scan on the fast path',
            '`inst.scan(10)` while paused at a breakpoint',
            'the rest of that scan runs; the next `scan()` runs a whole one',
        ),
    ]),
]


def _row(*cells: str) -> str:
    return "|" + "|".join(f" {c} " if c else " " for c in cells) + "|"


def markdown() -> str:
    """docs/st-semantics.md."""
    out = [f"# {TITLE}", "", "".join(INTRO).rstrip("\n"), ""]
    for name, rules in SECTIONS:
        out += [f"## {name}", "", "| rule | example | result |", "| --- | --- | --- |"]
        for r in rules:
            out.append(_row(r.rule, r.example, r.result))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def prompt_rules() -> list[Rule]:
    """The rules the task prompt names, in document order."""
    return [r for _name, rules in SECTIONS for r in rules if r.prompt]


def prompt_line(r: Rule) -> str:
    """One rule as the task prompt states it (Markdown list item)."""
    line = f"- **{r.prompt[0].upper()}{r.prompt[1:]}**: {r.rule}"
    if r.example:
        line += f" (example: {r.example} gives {r.result})"
    return line + "."


def prompt_lines() -> list[str]:
    """The dialect points of the task prompt's "Submission rules", from the same rules as the document."""
    return [prompt_line(r) for r in prompt_rules()]
