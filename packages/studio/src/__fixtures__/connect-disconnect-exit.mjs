// Connects a run to the Studio URL given as argv[2], disconnects at once and ends the process:
// what a short CLI run does. Imports the built package (the test depends on the package's build).
import { connectStudio } from "@agentscope-ts/studio";

const connection = await connectStudio({
  url: process.argv[2],
  project: "exit",
  name: process.argv[3],
  runId: process.argv[3],
  tracing: false,
});
await connection.disconnect();
process.exit(0);
