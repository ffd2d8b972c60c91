#!/usr/bin/env bash
# GreenMail standalone (com.icegreen:greenmail-standalone, one self-contained jar), resolved from
# Maven Central into .tmp/greenmail: a real SMTP and IMAP server for the e-mail channel's suites,
# which start it on loopback themselves. Maven (with Java 17) does the download. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="${GREENMAIL_VERSION:-2.1.3}"
dir=.tmp/greenmail
jar="$dir/greenmail-standalone.jar"

if [ -f "$dir/.version" ] && [ "$(cat "$dir/.version")" = "$version" ] && [ -f "$jar" ]; then
  echo "$jar (greenmail $version, already installed)"
  exit 0
fi
command -v java >/dev/null || { echo "install-greenmail: java (17+) is required" >&2; exit 1; }
command -v mvn >/dev/null || { echo "install-greenmail: mvn is required" >&2; exit 1; }

mkdir -p "$dir"
rm -rf "$dir/partial"
if ! mvn -q -B dependency:copy \
  -Dartifact="com.icegreen:greenmail-standalone:$version" \
  -DoutputDirectory="$PWD/$dir/partial" >"$dir/mvn.log" 2>&1; then
  tail -n 30 "$dir/mvn.log" >&2
  echo "install-greenmail: resolving greenmail-standalone $version from Maven Central failed (full log: $dir/mvn.log)" >&2
  exit 1
fi
mv "$dir/partial/greenmail-standalone-$version.jar" "$jar"
rm -rf "$dir/partial"
echo "$version" >"$dir/.version"
echo "$jar (greenmail $version)"
