import { type PhoneState, pythonError, str, type ToolArgs } from "./phone-state.js";

interface StoredMessage {
  sender_id: string;
  receiver_id: string;
  message: string;
  time?: string;
}

const USERS: Record<string, { user_id: string; phone_number: string; occupation: string }> = {
  Eve: { user_id: "USR100", phone_number: "123-456-7890", occupation: "Software Engineer" },
  Frank: { user_id: "USR101", phone_number: "234-567-8901", occupation: "Data Scientist" },
  Grace: { user_id: "USR102", phone_number: "345-678-9012", occupation: "Product Manager" },
  Helen: { user_id: "USR103", phone_number: "456-789-0123", occupation: "UX Designer" },
  Isaac: { user_id: "USR104", phone_number: "567-890-1234", occupation: "DevOps Engineer" },
  Jack: { user_id: "USR105", phone_number: "678-901-2345", occupation: "Marketing Specialist" },
};

/** ACEBench's message app (AgentScope's `MessageApi`): six users, an inbox of six messages. */
export class MessageApp {
  static readonly toolFunctions = [
    "send_message",
    "delete_message",
    "view_messages_between_users",
    "search_messages",
    "get_all_message_times_with_ids",
    "get_latest_message_id",
    "get_earliest_message_id",
  ] as const;
  readonly maxCapacity = 6;
  readonly inbox = new Map<number, StoredMessage>([
    [
      1,
      {
        sender_id: "USR100",
        receiver_id: "USR101",
        message:
          "Hey Frank, don't forget about our meeting on 2024-06-11 at 4 PM in Conference Room 1.",
        time: "2024-06-09",
      },
    ],
    [
      2,
      {
        sender_id: "USR101",
        receiver_id: "USR102",
        message: '你能帮我点一个"玛格丽特披萨"的外卖吗,商家是达美乐。',
        time: "2024-03-09",
      },
    ],
    [
      3,
      {
        sender_id: "USR102",
        receiver_id: "USR103",
        message:
          "帮我查一些喜茶有哪些奶茶外卖，买一杯便宜些的奶茶。买完以后记得回复我,回复的内容是（已经买好了）",
        time: "2023-12-05",
      },
    ],
    [
      4,
      {
        sender_id: "USR103",
        receiver_id: "USR102",
        message: "No problem Helen, I can assist you.",
        time: "2024-09-09",
      },
    ],
    [
      5,
      {
        sender_id: "USR104",
        receiver_id: "USR105",
        message: "Isaac, are you available for a call?",
        time: "2024-06-06",
      },
    ],
    [
      6,
      {
        sender_id: "USR105",
        receiver_id: "USR104",
        message: "Yes Jack, let's do it in 30 minutes.",
        time: "2024-01-15",
      },
    ],
  ]);
  messageIdCounter = 6;

  constructor(private readonly state: PhoneState) {}

  /** `{ MessageApi: { inbox } }`, ids as strings (as AgentScope writes them). */
  stateDict(): Record<string, unknown> {
    return {
      MessageApi: {
        inbox: Object.fromEntries([...this.inbox].map(([id, m]) => [String(id), { ...m }])),
      },
    };
  }

  send_message(args: ToolArgs): unknown {
    const sender = str(args, "sender_name");
    const receiver = str(args, "receiver_name");
    if (!this.state.logged_in) return { status: false, message: "device未登录，无法发送短信" };
    if (!this.state.wifi) return { status: false, message: "wifi关闭，此时不能发送信息" };
    if (this.inbox.size >= this.maxCapacity)
      return { status: false, message: "内存容量不够了，你需要询问user删除哪一条短信。" };
    if (!(sender in USERS) || !(receiver in USERS))
      return { status: false, message: "发送者或接收者不存在" };
    this.messageIdCounter += 1;
    this.inbox.set(this.messageIdCounter, {
      sender_id: USERS[sender]!.user_id,
      receiver_id: USERS[receiver]!.user_id,
      message: str(args, "message"),
    });
    return { status: true, message: `短信成功发送给${receiver}。` };
  }

  delete_message(args: ToolArgs): unknown {
    if (!this.state.logged_in) return { status: false, message: "device未登录，无法删除短信" };
    const id = args.message_id;
    if (typeof id !== "number" || !this.inbox.has(id))
      return { status: false, message: "短信ID不存在" };
    this.inbox.delete(id);
    return { status: true, message: `短信ID ${id} 已成功删除。` };
  }

  view_messages_between_users(args: ToolArgs): unknown {
    const sender = str(args, "sender_name");
    const receiver = str(args, "receiver_name");
    if (!this.state.logged_in) return { status: false, message: "device未登录，无法查看短信信息" };
    if (!(sender in USERS)) return { status: false, message: "发送者不存在" };
    if (!(receiver in USERS)) return { status: false, message: "接收者不存在" };
    const messages = [...this.inbox]
      .filter(
        ([, m]) =>
          m.sender_id === USERS[sender]!.user_id && m.receiver_id === USERS[receiver]!.user_id,
      )
      .map(([id, m]) => ({ id, sender, receiver, message: m.message }));
    if (messages.length === 0) return { status: false, message: "没有找到相关的短信记录" };
    return { status: true, messages };
  }

  search_messages(args: ToolArgs): unknown {
    const user = str(args, "user_name");
    const keyword = str(args, "keyword").toLowerCase();
    if (!(user in USERS)) return { status: false, message: "用户不存在" };
    const id = USERS[user]!.user_id;
    const messages = [...this.inbox]
      .filter(
        ([, m]) =>
          (m.sender_id === id || m.receiver_id === id) && m.message.toLowerCase().includes(keyword),
      )
      .map(([msgId, m]) => ({
        id: msgId,
        sender_id: m.sender_id,
        receiver_id: m.receiver_id,
        message: m.message,
      }));
    if (messages.length === 0) return { status: false, message: "没有找到包含关键词的短信" };
    return { status: true, messages };
  }

  get_all_message_times_with_ids(): unknown {
    if (!this.state.logged_in)
      return { status: false, message: "device未登录，获取所有短信的时间以及对应的短信编号。" };
    return Object.fromEntries([...this.inbox].map(([id, m]) => [id, this.#time(m)]));
  }

  get_latest_message_id(): unknown {
    return this.#extreme("最新", "device未登录，无法获取最新发送的短信ID。", (a, b) => a > b);
  }

  get_earliest_message_id(): unknown {
    return this.#extreme("最早", "device未登录，无法获取最早发送的短信ID", (a, b) => a < b);
  }

  #extreme(word: string, loggedOut: string, better: (a: string, b: string) => boolean): unknown {
    if (!this.state.logged_in) return { status: false, message: loggedOut };
    if (this.inbox.size === 0) return { status: false, message: "短信记录为空" };
    let bestId: number | undefined;
    let best: string | undefined;
    for (const [id, m] of this.inbox) {
      const time = this.#time(m); // YYYY-MM-DD compares as text
      if (best === undefined || better(time, best)) {
        best = time;
        bestId = id;
      }
    }
    return { status: true, message: `${word}的短信ID是 ${bestId}`, message_id: bestId };
  }

  /** A sent message has no time: AgentScope's tool fails with KeyError there, so does this one. */
  #time(m: StoredMessage): string {
    if (m.time === undefined) throw pythonError("KeyError", "'time'");
    return m.time;
  }
}
