import { describeMemorySuite } from "../testing/memory-suite.js";
import { InMemoryMemory } from "./in-memory-memory.js";

describeMemorySuite("InMemoryMemory", { create: () => new InMemoryMemory() });
