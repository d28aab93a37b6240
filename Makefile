# Two commands do all the set-up on a fresh machine (Python 3.11+, pip, apt):
#   make run    grade the default task with its reference program
#   make test   lint and run the whole test suite (on every core: one task's tests per worker)
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
TASK   ?= MAT-E01

.PHONY: run test bench lint clean

$(STAMP): requirements.txt requirements-dev.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --upgrade pip
	$(VENV)/bin/pip install -r requirements-dev.txt
	touch $(STAMP)

run: $(STAMP)
	$(PY) main.py --headless --task $(TASK)

lint: $(STAMP)
	$(PY) -m ruff check .

test: $(STAMP)
	bash scripts/system-deps.sh
	$(PY) -m ruff check .
	$(PY) -m pytest -n auto --dist loadgroup

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
