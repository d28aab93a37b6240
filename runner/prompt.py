"""The prompt an agent reads: the task's own text (sim.prompt) with the dialect points of the
Structured Text compiler that grades it (st.semantics, the table docs/st-semantics.md is
rendered from). Everything that shows a prompt (--prompt, the Harbor export) takes it here."""

from __future__ import annotations

from sim.prompt import render_prompt
from sim.task import Task
from st.semantics import prompt_lines


def task_prompt(task: Task) -> str:
    return render_prompt(task, prompt_lines())
