/**
 * The schema migrations, applied in order on first use and recorded in
 * `agentscope_schema_version`. Append new ones; never edit a released one.
 */
export const MIGRATIONS: ((table: (name: string) => string) => string[])[] = [
  (t) => [
    // One row per saved session; `version` grows by one per save (the conflict check).
    `CREATE TABLE ${t("agentscope_sessions")} (
      user_id text NOT NULL,
      session_id text NOT NULL,
      state jsonb NOT NULL,
      version bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, session_id)
    )`,
    // One row per stored message, in order (`pos`) per user and session, with its marks.
    `CREATE TABLE ${t("agentscope_messages")} (
      user_id text NOT NULL,
      session_id text NOT NULL,
      pos bigint NOT NULL,
      msg_id text NOT NULL,
      msg jsonb NOT NULL,
      marks text[] NOT NULL DEFAULT '{}',
      PRIMARY KEY (user_id, session_id, pos)
    )`,
    `CREATE INDEX ON ${t("agentscope_messages")} (user_id, session_id, msg_id)`,
  ],
  // `json` keeps the text as written: `jsonb` reorders keys (shortest first), so a state or message
  // loaded back was not byte-equal to what `stateDict()` / `toDict()` gave. Rows saved before keep
  // jsonb's order (it is lost); every save after this is stored as sent.
  (t) => [
    `ALTER TABLE ${t("agentscope_sessions")} ALTER COLUMN state TYPE json USING state::json`,
    `ALTER TABLE ${t("agentscope_messages")} ALTER COLUMN msg TYPE json USING msg::json`,
  ],
];
