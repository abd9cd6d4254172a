# citabot: the two commands (`make run`, `make test`) and the steps they are made of.
# Every step installs what it needs (npm ci, cargo); nothing relies on a global install
# beyond Rust, Node.js and, for the browser tests, Debian's Chromium.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm
BINARY := target/release/citabot
# Tests build in the release profile too, so the dependencies are compiled once for the tests
# and for the binary the browser tests drive (see build-tests).
CARGO_PROFILE := --release --locked
NEXTEST := $(shell $(CARGO) nextest --version >/dev/null 2>&1 && echo yes)

.PHONY: help run test bench web-deps web-build server build-tests smtp-venv mcp-venv lint test-rust test-web test-e2e clean

help: ## List the targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 14

run: server ## Build everything and serve on http://127.0.0.1:3000 (SQLite under ./data, demo data).
	$(BINARY) serve

test: lint test-rust test-web test-e2e ## Every check and test: lints, Rust, Vitest, Playwright.

bench: server ## Benchmarks, printed, never asserted: the gateway under load, one assistant turn, then the widget in Chromium beside n8n's figures.
	$(CARGO) bench --locked --bench gateway
	$(CARGO) bench --locked --bench assistant
	cd web && $(NPM) run bench --workspace @citabot/e2e

# The React 18 the script-tag widget bundles: its own small install, apart from the workspace's 19.
EMBED_REACT := web/packages/chat/embed-react
web-deps: web/node_modules/.package-lock.json $(EMBED_REACT)/node_modules/.package-lock.json ## Install the JavaScript dependencies (npm ci).

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	@touch $@

$(EMBED_REACT)/node_modules/.package-lock.json: $(EMBED_REACT)/package-lock.json
	cd $(EMBED_REACT) && $(NPM) ci --no-audit --no-fund
	@touch $@

web-build: web-deps ## Build the widget and the site (embedded into the server binary).
	cd web && $(NPM) run build

server: web-build ## Build the release binary with the web assets inside.
	$(CARGO) build $(CARGO_PROFILE) --bin citabot

build-tests: web-build ## One release build of every Rust target: the tests and the binary they drive.
	$(CARGO) build $(CARGO_PROFILE) --workspace --all-targets

lint: web-deps ## Formatting, clippy, TypeScript and ESLint.
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	cd web && $(NPM) run typecheck && $(NPM) run lint

# The mail tests' SMTP server (aiosmtpd, pinned): a venv rebuilt only when its requirements change.
SMTP_VENV := target/smtp-venv
SMTP_REQUIREMENTS := crates/citabot-server/tests/smtp/requirements.txt

smtp-venv: $(SMTP_VENV)/.installed ## The Python venv with the mail tests' SMTP server.

$(SMTP_VENV)/.installed: $(SMTP_REQUIREMENTS)
	python3 -m venv $(SMTP_VENV)
	$(SMTP_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(SMTP_REQUIREMENTS)
	@touch $@

# The independent MCP client (the official Python SDK, pinned) the MCP tests drive.
MCP_VENV := target/mcp-venv
MCP_REQUIREMENTS := crates/citabot-server/tests/mcp/requirements.txt

mcp-venv: $(MCP_VENV)/.installed ## The Python venv with the official MCP SDK, for the MCP tests.

$(MCP_VENV)/.installed: $(MCP_REQUIREMENTS)
	python3 -m venv $(MCP_VENV)
	$(MCP_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(MCP_REQUIREMENTS)
	@touch $@

test-rust: build-tests smtp-venv mcp-venv ## Rust tests on SQLite, and PostgreSQL where reachable.
ifeq ($(NEXTEST),yes)
	$(CARGO) nextest run --workspace $(CARGO_PROFILE)
else
	$(CARGO) test --workspace $(CARGO_PROFILE)
endif

test-web: web-deps ## Widget and site unit tests (Vitest).
	cd web && $(NPM) test

# The binary from build-tests: built with the tests' unified features, so nothing is rebuilt.
# The SMTP sink's venv for the mail spec, which sends through a real SMTP server.
test-e2e: build-tests smtp-venv ## Playwright in Debian's Chromium against the release binary.
	cd web && $(NPM) run test --workspace @citabot/e2e

clean: ## Remove build outputs (keeps ./data).
	rm -rf target web/node_modules $(EMBED_REACT)/node_modules web/*/*/dist web/e2e/test-results
