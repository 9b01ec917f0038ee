# The project's commands (stable: README.md, DESIGN.md and CI rely on them).
# Everything runs on Node 24 from node_modules/.bin (the npm package node@24), never the system Node.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)
NPM_FLAGS := --no-audit --no-fund --loglevel=error

CONTRACTS := openapi/proxy.yaml $(wildcard openapi/upstream/*.yaml)

.PHONY: install generate check check-generated lint lint-contracts lint-code format typecheck test test-unit test-contract test-e2e chromium system-packages bench page-speed sbom dev mocks sandbox start build help

help:
	@echo "make start | check | test | dev | bench | page-speed | generate | check-generated | lint | typecheck | mocks"

# Installs exactly what package-lock.json pins, when it changed since the last install. The lock
# holds every platform's optional binaries (unrs-resolver's, rolldown's...), which `npm ci` needs
# on any machine; scripts/package-lock.test.ts fails when one is missing. A lock rewritten by
# `npm install` beside an existing node_modules may lose them (npm/cli#4828): change it with
# `npm install <pkg> --package-lock-only` in a copy that has no node_modules.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci $(NPM_FLAGS)
	@touch $@

install: node_modules/.package-lock.json

generate: install
	node scripts/generate.ts

check-generated: install
	node scripts/generate.ts --check

# Breaking changes of openapi/proxy.yaml for the browser against the main branch's version (HEAD~1 on main,
# the merge-base elsewhere), less those openapi/intended-breaking-changes.yaml lists (scripts/check-breaking.ts).
.PHONY: check-breaking
check-breaking: install
	node scripts/check-breaking.ts

lint-contracts: install
	spectral lint --fail-severity=warn --ruleset spectral.yaml $(CONTRACTS)

lint-code: lint-eslint lint-format

lint-eslint: install
	eslint --max-warnings=0 .

lint-format: install
	prettier --check --log-level=warn .

lint: lint-contracts lint-code

format: install
	prettier --write --log-level=warn .

typecheck: install
	tsc -p tsconfig.json

test-unit: install
	vitest run --project unit

# The static checks run side by side, one per core: each is a single process (issue 32).
PARALLEL := --no-print-directory -j2 --output-sync=target

# What a developer runs on every change (issue 32): lint, typecheck and the domain, unit and client projects.
check: install
	@$(MAKE) $(PARALLEL) lint typecheck
	vitest run --project domain --project unit --project client

test-contract: install
	vitest run --project contract

# Everything a fresh clone needs, then every check. The last line is the plain "N passed, N failed, N skipped,
# N flaky" count over the Vitest projects and the Playwright journeys, with every failed, skipped and flaky
# test named above it and each project's seconds (issue 32).
test: install system-packages
	@$(MAKE) $(PARALLEL) check-generated check-breaking lint typecheck build
	@mkdir -p reports
	@status=0; vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json \
	    --reporter=./scripts/vitest-projects-reporter.ts || status=$$?; \
	  playwright test || status=$$?; \
	  node scripts/test-summary.ts reports/vitest.json reports/e2e.json reports/vitest-projects.json || status=$$?; \
	  exit $$status

# The browser journeys of tests/e2e in Debian's Chromium, against the stack `make start` runs.
test-e2e: install chromium build
	playwright test

# Issue 35's page-speed gate with the issue's thresholds: Lighthouse once per page (the renewal page, the
# checkout with a basket, My Subscriptions and an order detail signed in) beside its static snapshot;
# fails on TBT > 200 ms or performance < 90, which this machine's noise alone can pass. `make test`
# runs the same project after the journeys with a verdict this machine holds: TBT on the main thread's
# CPU time ≤ 100 ms (tests/perf/page-speed.spec.ts).
page-speed: install chromium build
	PAGE_SPEED_GATE=1 playwright test --project perf --no-deps

# The figures of issues 4, 12, 13 and 16 (Lighthouse beside static snapshots, first-route JavaScript, API calls,
# the rendered page and the JSON call under load; the signed-in account pages, the account routes' JavaScript
# and the account calls under load; the JSON call through nginx to two instances sharing Redis beside one
# in-memory instance, with redis-server and nginx installed when missing) into reports/bench.md.
bench: install chromium build
	node scripts/bench/main.ts

# A CycloneDX SBOM of the production dependencies (issue 17; `npm audit` cannot reach its service here).
# --legacy-peer-deps: npm refuses to describe a tree with an invalid optional peer, and there is one:
# @sentry/node's bundler plugins would take rollup >= 3 if present, and the rollup present is 2, the dev
# tool spectral's. Peers are not followed then; every production package and its dependencies are listed.
sbom: install
	mkdir -p reports && npm sbom --sbom-format cyclonedx --omit dev --legacy-peer-deps > reports/sbom.cdx.json.tmp && mv reports/sbom.cdx.json.tmp reports/sbom.cdx.json

# Debian's packages the suite and the benchmarks use (no browser downloads), installed when missing, once
# here and never inside a test (issue 32): Chromium for Lighthouse and the journeys that need the whole
# browser, its headless shell for the other journeys (playwright.config.ts), redis-server and nginx for the
# shared-state and scale tests.
system-packages:
	@missing=""; \
	  [ -x "$${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing="$$missing chromium"; \
	  [ -x "$${HEADLESS_SHELL_PATH:-/usr/lib/chromium/chromium-headless-shell}" ] || missing="$$missing chromium-headless-shell"; \
	  command -v redis-server >/dev/null || [ -x "$${REDIS_SERVER_PATH:-/usr/bin/redis-server}" ] || missing="$$missing redis-server"; \
	  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	  if [ -z "$$missing" ]; then :; \
	  elif [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  elif command -v sudo >/dev/null; then sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "Missing Debian packages:$$missing. Install them (apt-get install$$missing) or set CHROMIUM_PATH / HEADLESS_SHELL_PATH / REDIS_SERVER_PATH." >&2; exit 1; fi

chromium: system-packages

mocks: install
	node scripts/mocks.ts

# The stateful stand-ins for every upstream on http://localhost:4010 (mocks/sandbox/README.md).
sandbox: install
	node mocks/sandbox/src/main.ts

# The shop on http://localhost:3000 (the proxy serving the built client) with the sandbox on :4010; PORT and
# SANDBOX_PORT move them (`PORT=3005 SANDBOX_PORT=4020 make start`), the sandbox registering the shop's origin.
start: install check-generated build
	node scripts/start.ts

# Vite's dev server with hot reload on http://localhost:5173 (/api proxied), with the proxy and the sandbox.
dev: install check-generated
	node scripts/dev.ts

# `make dev` with every upstream from Prism's examples (`make mocks` on 4011-4017; UPSTREAM=prism): a scenario
# per request with ?mock= or X-Mock-Scenario (README "Working against Prism"). `UPSTREAM=prism make dev` is the same.
.PHONY: dev-prism
dev-prism: install check-generated
	UPSTREAM=prism node scripts/dev.ts

# A team's service against its contract: the shop's journeys with one upstream's calls through
# `prism proxy openapi/upstream/$(NAME).yaml $(URL) --errors`, every other upstream the sandbox's; prints
# each contract violation with the call (README "Validating an upstream service"). `make test` runs it for
# every upstream against the sandbox. NAME: commerce, som, vehicles, identity, adyen, stripe or loqate.
.PHONY: verify-upstream
verify-upstream: install
	@test -n "$(NAME)" || { echo "usage: make verify-upstream NAME=<contract> [URL=<base url>]"; exit 2; }
	VERIFY_UPSTREAM=$(NAME) VERIFY_UPSTREAM_URL=$(URL) vitest run --project contract tests/contract/verify-upstream.test.ts

# The client bundle the proxy serves (dist/client).
build: install
	@if [ -f client/index.html ]; then npm run --silent client:build; else echo "no client yet"; fi
