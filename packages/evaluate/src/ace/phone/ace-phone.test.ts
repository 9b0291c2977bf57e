import { ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { ACEPhone } from "./ace-phone.js";

describe("ACEPhone", () => {
  it("answers like AgentScope's tools, as Python prints their results", () => {
    const phone = new ACEPhone();
    const send = phone.getToolFunction("send_message");
    const args = { sender_name: "Eve", receiver_name: "Frank", message: "hi" };
    expect(send(args)).toBe("{'status': False, 'message': 'device未登录，无法发送短信'}");
    phone.loadInitialConfig({ Baspi: { wifi: true, logged_in: true } }); // ACEBench's typo
    expect(send(args)).toBe(
      "{'status': False, 'message': '内存容量不够了，你需要询问user删除哪一条短信。'}",
    );
    expect(phone.getToolFunction("delete_message")({ message_id: 2 })).toBe(
      "{'status': True, 'message': '短信ID 2 已成功删除。'}",
    );
    expect(send(args)).toBe("{'status': True, 'message': '短信成功发送给Frank。'}");
    expect(
      Object.keys((phone.currentState()[1] as { MessageApi: { inbox: object } }).MessageApi.inbox),
    ).toEqual(["1", "3", "4", "5", "6", "7"]);
    // A sent message has no time: AgentScope's tool raises KeyError, so does this one.
    expect(() => phone.getToolFunction("get_latest_message_id")({})).toThrow("'time'");
    expect(() => phone.getToolFunction("fly_to_mars")).toThrow(ValidationError);
  });

  it("orders food, books, changes and cancels flights with AgentScope's amounts", () => {
    const phone = ACEPhone.forTask({
      metadata: { initialConfig: { BaseApi: { wifi: true, logged_in: true } } },
    });
    const tool = (name: string, args: Record<string, unknown> = {}) =>
      phone.getToolFunction(name)(args);
    expect(tool("login_food_platform", { username: "Frank", password: "password456" })).toContain(
      "'status': True",
    );
    expect(
      tool("add_food_delivery_order", {
        username: "Frank",
        merchant_name: "盒马生鲜",
        items: [{ product: "生鲜大礼包", quantity: 2 }],
      }),
    ).toBe("{'status': True, 'message': '外卖订单成功下单给 盒马生鲜，总金额为 198.0 元'}");
    expect(tool("check_balance", { user_name: "Frank" })).toBe("102.0");
    expect(
      tool("reserve_flight", {
        user_id: "user3",
        password: "password789",
        flight_no: "CZ4352",
        cabin: "经济舱",
        payment_method: "bank",
        baggage_count: 4,
      }),
    ).toBe("预订成功，预订号：res_5，总费用：1650元（包含行李费用）。");
    expect(
      tool("modify_flight", { user_id: "user3", reservation_id: "res_5", new_cabin: "商务舱" }),
    ).toBe("舱位更改成功。已支付差价: 900。");
    expect(
      tool("modify_flight", { user_id: "user3", reservation_id: "res_5", add_baggage: 1 }),
    ).toBe("行李已增加。需支付额外费用: 100。");
    expect(
      tool("modify_flight", {
        user_id: "user3",
        reservation_id: "res_5",
        new_payment_method: "cash",
        new_cabin: "经济舱",
      }),
    ).toBe("舱位更改成功。已退款差价: 900。");
    expect(
      tool("cancel_reservation", { user_id: "user1", reservation_id: "res_1", reason: "行程变更" }),
    ).toBe("距离出发时间超过24小时，免费取消成功，已退款1200元。");
    const travel = (
      phone.currentState()[4] as {
        Travel: { users: Record<string, { cash_balance: number; bank_balance: number }> };
      }
    ).Travel;
    expect(travel.users.user3).toMatchObject({
      cash_balance: 1000 + 900,
      bank_balance: 5000 - 1650 - 900 - 100,
    });
    expect(travel.users.user1?.cash_balance).toBe(3200);
  });
});
