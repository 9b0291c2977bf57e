// cross-spawn (the SDK's own way to start stdio servers: Windows `.cmd` shims, PATHEXT) ships no
// types; it has the signature of Node's `spawn`.
declare module "cross-spawn" {
  import type { spawn } from "node:child_process";

  const crossSpawn: typeof spawn;
  export default crossSpawn;
}
