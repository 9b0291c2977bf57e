import { pyFloat, pythonError, str, type ToolArgs } from "./phone-state.js";

interface Flight {
  flight_no: string;
  origin: string;
  destination: string;
  depart_time: string;
  arrival_time: string;
  status: string;
  seats_available: number;
  economy_price: number;
  business_price: number;
}

interface TravelUser {
  user_name: string;
  password: string;
  cash_balance: number;
  bank_balance: number;
  membership_level: string;
}

const FREE_BAGGAGE: Record<string, Record<string, number>> = {
  regular: { 经济舱: 1, 商务舱: 2 },
  silver: { 经济舱: 2, 商务舱: 3 },
  gold: { 经济舱: 3, 商务舱: 3 },
};

// ACEBench's "now" for cancellations: 2024-07-14 06:00.
const NOW = "2024-07-14 06:00:00";

function flight(
  no: string,
  origin: string,
  destination: string,
  depart: string,
  arrive: string,
  seats: number,
  economy: number,
  business: number,
): Flight {
  return {
    flight_no: no,
    origin,
    destination,
    depart_time: depart,
    arrival_time: arrive,
    status: "available",
    seats_available: seats,
    economy_price: economy,
    business_price: business,
  };
}

/** Milliseconds of a `YYYY-MM-DD HH:MM:SS` time (compared, never shown). */
function at(time: string): number {
  return Date.parse(`${time.replace(" ", "T")}Z`);
}

/** ACEBench's flight booking system (AgentScope's `TravelApi`): three users, eleven flights, four reservations. */
export class TravelApp {
  static readonly toolFunctions = [
    "get_user_details",
    "get_flight_details",
    "get_reservation_details",
    "reserve_flight",
    "cancel_reservation",
    "modify_flight",
  ] as const;
  readonly users: Record<string, TravelUser> = {
    user1: {
      user_name: "Eve",
      password: "password123",
      cash_balance: 2000,
      bank_balance: 50000,
      membership_level: "regular",
    },
    user2: {
      user_name: "Frank",
      password: "password456",
      cash_balance: 8000,
      bank_balance: 8000,
      membership_level: "silver",
    },
    user3: {
      user_name: "Grace",
      password: "password789",
      cash_balance: 1000,
      bank_balance: 5000,
      membership_level: "gold",
    },
  };
  readonly flights: Flight[] = [
    flight("CA1234", "北京", "上海", "2024-07-15 08:00:00", "2024-07-15 10:30:00", 5, 1200, 3000),
    flight("MU5678", "上海", "北京", "2024-07-16 09:00:00", "2024-07-16 11:30:00", 3, 1900, 3000),
    flight("CZ4321", "上海", "北京", "2024-07-16 20:00:00", "2024-07-16 22:00:00", 8, 2500, 4000),
    flight("CZ4352", "上海", "北京", "2024-07-17 20:00:00", "2024-07-17 22:00:00", 8, 1600, 2500),
    flight("MU3561", "北京", "南京", "2024-07-18 08:00:00", "2024-07-18 10:00:00", 8, 1500, 4000),
    flight("MU1566", "北京", "南京", "2024-07-18 20:00:00", "2024-07-18 22:00:00", 8, 1500, 4000),
    flight("CZ1765", "南京", "深圳", "2024-07-17 20:30:00", "2024-07-17 22:00:00", 8, 1500, 2500),
    flight("CZ1765", "南京", "深圳", "2024-07-18 12:30:00", "2024-07-18 15:00:00", 8, 1500, 2500),
    flight("MH1765", "厦门", "成都", "2024-07-17 12:30:00", "2024-07-17 15:00:00", 8, 1500, 2500),
    flight("MH2616", "成都", "厦门", "2024-07-18 18:30:00", "2024-07-18 21:00:00", 8, 1500, 2500),
    flight("MH2616", "成都", "福州", "2024-07-16 18:30:00", "2024-07-16 21:00:00", 8, 1500, 2500),
  ];
  readonly reservations: Record<string, unknown>[] = [
    {
      reservation_id: "res_1",
      user_id: "user1",
      flight_no: "CA1234",
      payment_method: "bank",
      cabin: "经济舱",
      baggage: 1,
      origin: "北京",
      destination: "上海",
    },
    {
      reservation_id: "res_2",
      user_id: "user1",
      flight_no: "MU5678",
      payment_method: "bank",
      cabin: "商务舱",
      baggage: 1,
      origin: "上海",
      destination: "北京",
    },
    {
      reservation_id: "res_3",
      user_id: "user2",
      flight_no: "MH1765",
      payment_method: "bank",
      cabin: "商务舱",
      baggage: 1,
      origin: "厦门",
      destination: "成都",
    },
    {
      reservation_id: "res_4",
      user_id: "user2",
      flight_no: "MU2616",
      payment_method: "bank",
      cabin: "商务舱",
      baggage: 1,
      origin: "成都",
      destination: "厦门",
    },
  ];

  /** `{ Travel: { users, reservations } }`. */
  stateDict(): Record<string, unknown> {
    return {
      Travel: {
        users: structuredClone(this.users),
        reservations: structuredClone(this.reservations),
      },
    };
  }

  get_flight_details(args: ToolArgs): unknown {
    const origin = str(args, "origin");
    const destination = str(args, "destination");
    const flights = this.flights.filter(
      (f) => (!origin || f.origin === origin) && (!destination || f.destination === destination),
    );
    if (flights.length === 0) return "没有符合条件的直达航班";
    return flights.map((f) => ({ ...f }));
  }

  get_user_details(args: ToolArgs): unknown {
    const user = this.users[str(args, "user_id")];
    if (user && user.password === args.password) {
      const { password: _password, ...rest } = user;
      return rest;
    }
    return { status: "error", message: "用户名或密码不正确" };
  }

  get_reservation_details(args: ToolArgs): unknown {
    const reservationId = str(args, "reservation_id");
    const userId = str(args, "user_id");
    let reservations: Record<string, unknown>[];
    if (reservationId)
      reservations = this.reservations.filter((r) => r.reservation_id === reservationId);
    else if (userId) reservations = this.reservations.filter((r) => r.user_id === userId);
    else return { status: "error", message: "请提供有效的预订ID或用户ID" };
    return reservations.map((r) => ({
      ...r,
      flight_info: this.flights.find((f) => f.flight_no === r.flight_no) ?? null,
    }));
  }

  reserve_flight(args: ToolArgs): string {
    const userId = str(args, "user_id");
    const cabin = str(args, "cabin");
    const paymentMethod = str(args, "payment_method");
    // AgentScope's authentication returns an error dict (truthy) on a wrong password and goes on,
    // failing with KeyError at the membership level: so does this.
    const known = this.users[userId];
    const user = known && known.password === args.password ? known : undefined;
    const found = this.flights.find(
      (f) => f.flight_no === args.flight_no && f.status === "available",
    );
    if (!found) throw pythonError("TypeError", "'NoneType' object is not subscriptable");
    let total = cabin === "经济舱" ? found.economy_price : found.business_price;
    if (!user) throw pythonError("KeyError", "'membership_level'");
    const free = FREE_BAGGAGE[user.membership_level]?.[cabin];
    if (free === undefined) throw pythonError("KeyError", `'${cabin}'`);
    total += Math.max(Number(args.baggage_count ?? 0) - free, 0) * 50;
    if (paymentMethod !== "cash" && paymentMethod !== "bank") return "支付方式无效";
    const balance = paymentMethod === "cash" ? "cash_balance" : "bank_balance";
    if (total > user[balance]) return `${paymentMethod}余额不足，请考虑换一种支付方式`;
    user[balance] -= total;
    found.seats_available -= 1;
    const reservationId = `res_${this.reservations.length + 1}`;
    this.reservations.push({
      reservation_id: reservationId,
      user_id: userId,
      flight_no: args.flight_no,
      payment_method: paymentMethod,
      cabin,
      baggage: args.baggage_count,
    });
    return `预订成功，预订号：${reservationId}，总费用：${total}元（包含行李费用）。`;
  }

  modify_flight(args: ToolArgs): string {
    const userId = str(args, "user_id");
    const reservation = this.reservations.find(
      (r) => r.reservation_id === args.reservation_id && r.user_id === userId,
    );
    if (!reservation) return "预订未找到或用户ID不匹配。";
    const current = this.flights.find((f) => f.flight_no === reservation.flight_no);
    if (!current) return "航班信息未找到。";
    const paymentMethod = str(args, "new_payment_method") || String(reservation.payment_method);
    const user = this.users[userId];
    if (!user) throw pythonError("KeyError", `'${userId}'`);
    const messages: string[] = [];
    const newFlightNo = str(args, "new_flight_no");
    if (newFlightNo && newFlightNo !== reservation.flight_no) {
      const next = this.flights.find((f) => f.flight_no === newFlightNo);
      if (!next || next.origin !== current.origin || next.destination !== current.destination) {
        return "航班更改失败：新的航班号无效或目的地不匹配。";
      }
      reservation.flight_no = newFlightNo;
      messages.push("航班号已更改。");
    }
    const newCabin = str(args, "new_cabin");
    if (newCabin && newCabin !== reservation.cabin) {
      const prices: Record<string, number> = {
        经济舱: current.economy_price,
        商务舱: current.business_price,
      };
      const difference = (prices[newCabin] ?? 0) - (prices[String(reservation.cabin)] ?? 0);
      reservation.cabin = newCabin;
      if (difference > 0) {
        messages.push(
          this.#pay(user, paymentMethod, -difference)
            ? `舱位更改成功。已支付差价: ${difference}。`
            : "余额不足，无法支付舱位差价。",
        );
      } else if (difference < 0) {
        this.#pay(user, paymentMethod, -difference);
        messages.push(`舱位更改成功。已退款差价: ${-difference}。`);
      }
    }
    const addBaggage = Number(args.add_baggage ?? 0);
    if (addBaggage > 0) {
      const free = FREE_BAGGAGE[user.membership_level]?.[String(reservation.cabin)] ?? 0;
      const total = Number(reservation.baggage ?? 0) + addBaggage;
      const cost = Math.max(0, total - free) * 50;
      if (cost > 0) {
        messages.push(
          this.#pay(user, paymentMethod, -cost)
            ? `行李已增加。需支付额外费用: ${cost}。`
            : "余额不足，无法支付额外行李费用。",
        );
      }
      reservation.baggage = total;
    }
    if (messages.length === 0) messages.push("修改完成，无需额外费用。");
    return messages.join(" ");
  }

  cancel_reservation(args: ToolArgs): string {
    const userId = str(args, "user_id");
    const user = this.users[userId];
    if (!user) return "用户ID无效。";
    const reservation = this.reservations.find(
      (r) => r.reservation_id === args.reservation_id && r.user_id === userId,
    );
    if (!reservation) return "预订ID无效或与该用户无关。";
    const found = this.flights.find((f) => f.flight_no === reservation.flight_no);
    if (!found) return "航班信息无效。";
    if (at(NOW) > at(found.depart_time)) return "航段已使用，无法取消。";
    const price = reservation.cabin === "经济舱" ? found.economy_price : found.business_price;
    if (args.reason === "航空公司取消航班") {
      user.cash_balance += price;
      return `航班已取消，您的预订将被免费取消，已退款${price}元。`;
    }
    if (at(found.depart_time) - at(NOW) > 86_400_000) {
      user.cash_balance += price;
      return `距离出发时间超过24小时，免费取消成功，已退款${price}元。`;
    }
    const fee = price * 0.1;
    const refund = price - fee;
    user.cash_balance += refund;
    return `距离出发时间不足24小时，已扣除取消费${pyFloat(fee)}元，退款${pyFloat(refund)}元。`;
  }

  #pay(user: TravelUser, method: string, amount: number): boolean {
    if (method === "cash") {
      if (user.cash_balance + amount < 0) return false;
      user.cash_balance += amount;
    } else if (method === "bank") {
      if (user.bank_balance + amount < 0) return false;
      user.bank_balance += amount;
    }
    return true;
  }
}
