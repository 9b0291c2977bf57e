import { startMock } from "./mock-routes.mjs";
const s = await startMock();
console.log(s.url);
setTimeout(() => s.close(), 120000);
