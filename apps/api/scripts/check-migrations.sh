#!/usr/bin/env bash
# Fails when `drizzle-kit generate` would write a new migration, i.e. the committed migrations in
# apps/api/drizzle do not match the schema (src/**/*.tables.ts via src/platform/db/schema.ts).
# It generates into a scratch copy of drizzle/ and compares; the committed folder is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d -p . .migrations-check.XXXXXX)
scratch=${scratch#./}
trap 'rm -rf "$scratch"' EXIT
cp -r drizzle "$scratch/drizzle"
DRIZZLE_OUT="./$scratch/drizzle" npx drizzle-kit generate --name schema_drift >/dev/null
if ! diff -r drizzle "$scratch/drizzle"; then
  echo 'The schema differs from the committed migrations: run `cd apps/api && npx drizzle-kit generate --name <what>` and commit the migration.' >&2
  exit 1
fi
echo 'Migrations match the schema.'
