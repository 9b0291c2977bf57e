// A voice agent in the browser: open the printed URL, press "Start talking" and ask about the
// weather. Run: `node src/voice-agent.ts` (OPENAI_API_KEY, OpenAI Realtime) or
// `node src/voice-agent.ts --offline` (a replayed session: any speech gets the same answer).
import { startVoiceServer } from "./voice/voice-server.ts";

const voice = await startVoiceServer({ offline: process.argv.includes("--offline") });
console.log(`Open ${voice.pageUrl} and allow the microphone. Ctrl-C stops.`);
process.once("SIGINT", () => {
  void voice.close().then(() => process.exit(0));
});
