import { type PhoneState, pyFloat, str, type ToolArgs } from "./phone-state.js";

interface OrderItem {
  product: unknown;
  quantity: number;
  price_per_unit: number;
}

interface Order {
  user_name: string;
  merchant_name: string;
  items: OrderItem[];
  total_price: number;
}

const MERCHANTS: Record<
  string,
  { merchant_id: string; service_type: string; menu: { product: string; price: number }[] }
> = {
  达美乐: {
    merchant_id: "M100",
    service_type: "Pizza",
    menu: [
      { product: "玛格丽特披萨", price: 68 },
      { product: "超级至尊披萨", price: 88 },
    ],
  },
  米村拌饭: {
    merchant_id: "M101",
    service_type: "Bibimbap",
    menu: [
      { product: "石锅拌饭", price: 35 },
      { product: "韩式牛肉拌饭", price: 45 },
    ],
  },
  海底捞: {
    merchant_id: "M102",
    service_type: "Hotpot",
    menu: [
      { product: "牛肉卷", price: 68 },
      { product: "海鲜拼盘", price: 88 },
    ],
  },
  喜茶: {
    merchant_id: "M103",
    service_type: "Milk Tea",
    menu: [
      { product: "芝士奶茶", price: 25 },
      { product: "四季春奶茶", price: 22 },
    ],
  },
  盒马生鲜: {
    merchant_id: "M104",
    service_type: "Fresh Grocery",
    menu: [
      { product: "有机蔬菜包", price: 15 },
      { product: "生鲜大礼包", price: 99 },
    ],
  },
  九田家烤肉: {
    merchant_id: "M105",
    service_type: "BBQ",
    menu: [
      { product: "韩式烤牛肉", price: 128 },
      { product: "烤五花肉", price: 78 },
    ],
  },
};

/** ACEBench's food delivery app (AgentScope's `FoodPlatformApi`): six users, six merchants. */
export class FoodPlatformApp {
  static readonly toolFunctions = [
    "login_food_platform",
    "view_logged_in_users",
    "check_balance",
    "add_food_delivery_order",
    "get_products",
    "view_orders",
    "search_orders",
  ] as const;
  readonly users: Record<string, { user_id: string; password: string; balance: number }> = {
    Eve: { user_id: "U100", password: "password123", balance: 500 },
    Frank: { user_id: "U101", password: "password456", balance: 300 },
    Grace: { user_id: "U102", password: "password789", balance: 150 },
    Helen: { user_id: "U103", password: "password321", balance: 800 },
    Isaac: { user_id: "U104", password: "password654", balance: 400 },
    Jack: { user_id: "U105", password: "password654", balance: 120 },
  };
  readonly loggedInUsers: string[] = [];
  readonly orders: Order[] = [];

  constructor(private readonly state: PhoneState) {}

  /** `{ FoodPlatform: { logged_in_users, orders, users } }`. */
  stateDict(): Record<string, unknown> {
    return {
      FoodPlatform: {
        logged_in_users: [...this.loggedInUsers],
        orders: structuredClone(this.orders),
        users: structuredClone(this.users),
      },
    };
  }

  login_food_platform(args: ToolArgs): unknown {
    const username = str(args, "username");
    if (!this.state.wifi) return { status: false, message: "wifi未打开，无法登录" };
    const user = this.users[username];
    if (!user) return { status: false, message: "用户不存在" };
    if (user.password !== args.password) return { status: false, message: "密码错误" };
    if (this.loggedInUsers.includes(username))
      return { status: false, message: `${username} 已经登录` };
    this.loggedInUsers.push(username);
    return { status: true, message: `用户${username}登陆成功！` };
  }

  view_logged_in_users(): unknown {
    if (this.loggedInUsers.length === 0)
      return { status: false, message: "当前没有登录food platform" };
    return { status: true, logged_in_users: this.loggedInUsers };
  }

  check_balance(args: ToolArgs): string {
    return pyFloat(this.users[str(args, "user_name")]?.balance ?? 0);
  }

  add_food_delivery_order(args: ToolArgs): unknown {
    const username = str(args, "username");
    const merchantName = str(args, "merchant_name");
    if (!this.loggedInUsers.includes(username))
      return { status: false, message: `用户 ${username} 未登录food platform` };
    const merchant = MERCHANTS[merchantName];
    if (!merchant) return { status: false, message: "商家不存在" };
    let total = 0;
    const items: OrderItem[] = [];
    for (const item of (Array.isArray(args.items) ? args.items : []) as Record<string, unknown>[]) {
      const product = item.product;
      const quantity = item.quantity ?? 1;
      if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity <= 0) {
        return {
          status: false,
          message: `无效的数量 ${String(quantity)} 对于商品 ${String(product)}`,
        };
      }
      const found = merchant.menu.find((p) => p.product === product);
      if (!found)
        return {
          status: false,
          message: `商品 ${String(product)} 不存在于 ${merchantName} 的菜单中`,
        };
      total += found.price * quantity;
      items.push({ product, quantity, price_per_unit: found.price });
    }
    const user = this.users[username]!;
    if (total >= user.balance) return { status: false, message: "余额不足，无法下单" };
    user.balance -= total;
    this.orders.push({
      user_name: username,
      merchant_name: merchantName,
      items,
      total_price: total,
    });
    return {
      status: true,
      message: `外卖订单成功下单给 ${merchantName}，总金额为 ${pyFloat(total)} 元`,
    };
  }

  get_products(args: ToolArgs): unknown {
    const name = str(args, "merchant_name");
    return MERCHANTS[name]?.menu ?? { status: false, message: `商家 '${name}' 不存在` };
  }

  view_orders(args: ToolArgs): unknown {
    const orders = this.orders.filter((o) => o.user_name === args.user_name);
    if (orders.length === 0) return { status: false, message: "用户没有订单记录" };
    return { status: true, orders };
  }

  /**
   * Orders whose merchant or a product holds the keyword. (AgentScope's version lowercases the
   * item dicts themselves and fails when the merchant does not match; this one reads the products.)
   */
  search_orders(args: ToolArgs): unknown {
    const keyword = str(args, "keyword").toLowerCase();
    const orders = this.orders.filter(
      (o) =>
        o.merchant_name.toLowerCase().includes(keyword) ||
        o.items.some((i) => String(i.product).toLowerCase().includes(keyword)),
    );
    if (orders.length === 0) return { status: false, message: "没有找到匹配的订单" };
    return { status: true, orders };
  }
}
