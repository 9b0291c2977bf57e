import { type PhoneState, str, type ToolArgs } from "./phone-state.js";

interface Reminder {
  reminder_id: number;
  title: string;
  description: string;
  time: unknown;
  notified: boolean;
}

/** ACEBench's reminder app (AgentScope's `ReminderApi`): three reminders, room for six. */
export class ReminderApp {
  static readonly toolFunctions = [
    "view_reminder_by_title",
    "add_reminder",
    "delete_reminder",
    "view_all_reminders",
    "mark_as_notified",
    "search_reminders",
  ] as const;
  readonly maxCapacity = 6;
  readonly reminders = new Map<number, Reminder>([
    [
      1,
      {
        reminder_id: 1001,
        title: "Doctor's Appointment",
        description: "Visit Dr. Smith for a checkup.",
        time: "2024-07-15 09:30",
        notified: false,
      },
    ],
    [
      2,
      {
        reminder_id: 1002,
        title: "Team Meeting",
        description: "Monthly project review with the team.",
        time: "2024-07-17 11:00",
        notified: false,
      },
    ],
    [
      3,
      {
        reminder_id: 1003,
        title: "To-do list",
        description:
          '首先帮Frank在"盒马生鲜"点外卖，需要定两个"生鲜大礼包"，再发短信告诉Frank："购买商品的价格是()元"。要把括号换成实际金额，保留一位小数。',
        time: "2024-07-16 11:00",
        notified: false,
      },
    ],
  ]);
  reminderIdCounter = 3;

  constructor(private readonly state: PhoneState) {}

  /** `{ ReminderApi: { reminder_list } }`. */
  stateDict(): Record<string, unknown> {
    return {
      ReminderApi: {
        reminder_list: Object.fromEntries(
          [...this.reminders].map(([id, r]) => [String(id), { ...r }]),
        ),
      },
    };
  }

  view_reminder_by_title(args: ToolArgs): unknown {
    if (!this.state.logged_in) return { status: false, message: "device未登录，无法查看提醒" };
    const title = str(args, "title");
    for (const reminder of this.reminders.values()) {
      if (reminder.title === title) return { status: true, reminder };
    }
    return { status: false, message: `没有找到标题为 '${title}' 的提醒` };
  }

  add_reminder(args: ToolArgs): unknown {
    if (!this.state.logged_in)
      return { status: false, message: "device未登录，无法添加一个新的提醒" };
    if (this.reminders.size >= this.maxCapacity)
      return { status: false, message: "提醒容量已满，无法添加新的提醒" };
    this.reminderIdCounter += 1;
    const id = this.reminderIdCounter;
    const title = str(args, "title");
    this.reminders.set(id, {
      reminder_id: id,
      title,
      description: str(args, "description"),
      time: args.time ?? null,
      notified: false,
    });
    return { status: true, message: `提醒 '${title}' 已成功添加` };
  }

  delete_reminder(args: ToolArgs): unknown {
    if (!this.state.logged_in)
      return { status: false, message: "device未登录，无法删除指定的提醒" };
    const id = args.reminder_id;
    if (typeof id !== "number" || !this.reminders.has(id))
      return { status: false, message: "提醒ID不存在" };
    this.reminders.delete(id);
    return { status: true, message: `提醒ID ${id} 已成功删除` };
  }

  view_all_reminders(): unknown {
    if (this.reminders.size === 0) return { status: false, message: "没有任何提醒" };
    return {
      status: true,
      reminders: [...this.reminders.values()].map(({ title, description, time, notified }) => ({
        title,
        description,
        time,
        notified,
      })),
    };
  }

  mark_as_notified(args: ToolArgs): unknown {
    const id = args.reminder_id;
    const reminder = typeof id === "number" ? this.reminders.get(id) : undefined;
    if (!reminder) return { status: false, message: "提醒ID不存在" };
    reminder.notified = true;
    return { status: true, message: `提醒ID ${id} 已标记为已通知` };
  }

  /**
   * Reminders whose title or description holds the keyword. (AgentScope's version calls
   * `strftime` on the stored time string and fails; this one returns the time as stored.)
   */
  search_reminders(args: ToolArgs): unknown {
    const keyword = str(args, "keyword").toLowerCase();
    const matched = [...this.reminders.values()]
      .filter(
        (r) =>
          r.title.toLowerCase().includes(keyword) || r.description.toLowerCase().includes(keyword),
      )
      .map(({ title, description, time }) => ({ title, description, time }));
    if (matched.length === 0) return { status: false, message: "没有找到包含该关键词的提醒" };
    return { status: true, reminders: matched };
  }
}
