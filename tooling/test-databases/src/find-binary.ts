import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";

const HOW_TO_INSTALL =
  "Install Redis and PostgreSQL from your system's packages: Debian/Ubuntu `sudo apt-get install -y redis-server postgresql`, macOS `brew install redis postgresql`, or run `tooling/test-all.sh` as root, which installs them.";

/** The path of `name` on PATH (or in `extraDirs`), or a clear error saying how to install it. */
export function findBinary(name: string, extraDirs: string[] = []): string {
  const dirs = [
    ...extraDirs,
    ...(process.env.PATH ?? "").split(delimiter),
    "/usr/sbin",
    "/usr/bin",
  ];
  for (const dir of dirs) {
    const path = join(dir, name);
    if (dir && existsSync(path)) return path;
  }
  throw new Error(`The tests need \`${name}\`, which is not installed. ${HOW_TO_INSTALL}`);
}

/** The folders holding PostgreSQL's server binaries (`initdb`, `pg_ctl`), newest version first. */
export function postgresBinDirs(): string[] {
  const root = "/usr/lib/postgresql";
  const fromEnv = process.env.PG_BIN_DIR ? [process.env.PG_BIN_DIR] : [];
  if (!existsSync(root)) return fromEnv;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return [...fromEnv, ...versions.map((v) => join(root, v, "bin"))];
}
