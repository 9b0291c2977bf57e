export {
  type StateDict,
  type StateFromJson,
  StateModule,
  type StateToJson,
} from "./state-module.js";
