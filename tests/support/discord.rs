//! A local stand-in for the parts of Discord's HTTP API and gateway the bot
//! uses, on loopback, with a recorder of everything the bot sends. It is
//! test support: the bot under test is the real binary, pointed here by
//! `DISCORD_API_URL` (serenity's HTTP proxy, rate limiter off) and the
//! gateway URL this server returns from `GET /api/v10/gateway`.
//!
//! State kept: channels (guild text channels, threads opened from a message,
//! DM channels), messages, interactions and their responses, users whose DMs
//! are closed (their DMs get 403 / 50007 as on Discord), attachments.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message as WsMessage;

#[path = "discord_endpoint.rs"]
mod endpoint;
#[allow(unused_imports)]
pub use endpoint::now_s;
#[path = "discord_spec.rs"]
pub mod spec;

pub const APP_ID: u64 = 1000;
pub const BOT_ID: u64 = 1001;
pub const GUILD: u64 = 2000;

/// One request the bot made.
#[derive(Debug, Clone)]
pub struct Call {
    pub method: String,
    pub path: String,
    pub body: Value,
    pub at: Instant,
}

/// A file the bot uploaded with a message (`files[n]` of a multipart body).
#[derive(Debug, Clone)]
pub struct Upload {
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// A message the bot sent, wherever it went.
#[derive(Debug, Clone)]
pub struct Sent {
    /// The message's id (edits of an interaction's original keep it).
    pub id: String,
    pub channel: String,
    pub content: String,
    pub mentions: Vec<String>,
    pub buttons: Vec<(String, String)>,
    /// Select menus: custom id, placeholder, and each option's (label, value).
    pub menus: Vec<SentMenu>,
    /// For interaction replies: the interaction's id; ephemeral or not.
    pub interaction: Option<String>,
    pub ephemeral: bool,
    pub files: Vec<Upload>,
    /// The message's embeds, as sent.
    pub embeds: Vec<Value>,
    pub at: Instant,
}

/// A select menu the bot sent.
#[derive(Debug, Clone)]
pub struct SentMenu {
    pub custom_id: String,
    pub placeholder: String,
    pub options: Vec<(String, String)>,
    pub min: u64,
    pub max: u64,
}

#[derive(Default)]
struct State {
    calls: Vec<Call>,
    sent: Vec<Sent>,
    /// Interaction id → indexes into `sent` of its replies.
    replies: HashMap<String, Vec<usize>>,
    next_id: u64,
    /// DM channel id → user id.
    dm_channels: HashMap<String, String>,
    /// Thread id → parent channel.
    threads: HashMap<String, String>,
    /// Guild channels not in the default guild → their guild.
    guilds: HashMap<String, u64>,
    /// Channels where the bot may not post (403, Missing Permissions).
    denied: HashSet<String>,
    closed_dms: HashSet<String>,
    /// Interaction token → the interaction it belongs to.
    tokens: HashMap<String, Token>,
    /// Interaction id → first callback time.
    callbacks: HashMap<String, (Instant, Value)>,
    /// Every message the bot created, as Discord returns it (by id).
    messages: HashMap<String, Value>,
    files: HashMap<String, Vec<u8>>,
    identified: bool,
    identifies: usize,
    registered: Option<Value>,
    unknown: Vec<String>,
    /// What broke Discord's OpenAPI spec, by route and field.
    violations: Vec<String>,
    /// Added to every HTTP call before it is answered.
    latency: Duration,
    /// HTTP requests being answered, and when the last one ended.
    in_flight: usize,
    peak_in_flight: usize,
    last_answer: Option<Instant>,
    acknowledge_next: bool,
    /// Interactions endpoints (`xfiles-bot serve` replicas) interactions
    /// are POSTed to in turn, as a load balancer would; none: the gateway.
    endpoints: Vec<String>,
    next_endpoint: usize,
}

/// An interaction's token: which interaction, where, and its first
/// response (the "original" message).
#[derive(Clone)]
struct Token {
    interaction: String,
    channel: String,
    created: Instant,
    ephemeral: bool,
    original: Option<String>,
}

fn next_id(s: &mut State) -> String {
    s.next_id += 1;
    s.next_id.to_string()
}

/// The running stand-in.
#[derive(Clone)]
pub struct FakeDiscord {
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    http_port: u16,
    events: Arc<Mutex<Option<mpsc::UnboundedSender<Value>>>>,
    connected: Arc<Notify>,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind http");
        let ws = TcpListener::bind("127.0.0.1:0").await.expect("bind ws");
        let fake = FakeDiscord {
            state: Arc::new(Mutex::new(State {
                next_id: 5_000_000,
                ..State::default()
            })),
            changed: Arc::new(Notify::new()),
            http_port: http.local_addr().expect("addr").port(),
            events: Arc::new(Mutex::new(None)),
            connected: Arc::new(Notify::new()),
        };
        let ws_port = ws.local_addr().expect("addr").port();
        let f = fake.clone();
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = http.accept().await else {
                    return;
                };
                // Replies go out at once, as Discord's would.
                let _ = stream.set_nodelay(true);
                let f = f.clone();
                tokio::spawn(async move { f.serve_http(stream, ws_port).await });
            }
        });
        let f = fake.clone();
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = ws.accept().await else {
                    return;
                };
                let f = f.clone();
                tokio::spawn(async move { f.serve_gateway(stream).await });
            }
        });
        fake
    }

    /// Every HTTP call waits this long before its answer (Discord's own
    /// round trip is 50-150 ms).
    pub fn set_latency(&self, latency: Duration) {
        self.state.lock().unwrap().latency = latency;
    }

    /// Places a channel in another guild than [`GUILD`].
    pub fn add_channel(&self, channel: &str, guild: u64) {
        let mut s = self.state.lock().unwrap();
        s.guilds.insert(channel.to_string(), guild);
    }

    /// The bot may not post in this channel (Discord's 50013).
    pub fn deny_channel(&self, channel: &str) {
        self.state
            .lock()
            .unwrap()
            .denied
            .insert(channel.to_string());
    }

    fn guild_of(&self, channel: &str) -> u64 {
        let s = self.state.lock().unwrap();
        let home = s.threads.get(channel).map_or(channel, String::as_str);
        s.guilds.get(home).copied().unwrap_or(GUILD)
    }

    /// Everything that broke Discord's spec so far.
    pub fn violations(&self) -> Vec<String> {
        self.state.lock().unwrap().violations.clone()
    }

    /// Fails the test on any request or response that broke the spec.
    pub fn assert_spec_clean(&self) {
        let v = self.violations();
        assert!(
            v.is_empty(),
            "traffic that breaks Discord's OpenAPI spec:\n{}",
            v.join("\n")
        );
    }

    pub(crate) fn violate(&self, problems: Vec<String>) {
        if !problems.is_empty() {
            self.state.lock().unwrap().violations.extend(problems);
        }
    }

    /// What `DISCORD_API_URL` should be.
    pub fn api_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.http_port)
    }

    fn id(&self) -> String {
        next_id(&mut self.state.lock().unwrap())
    }

    pub fn close_dms(&self, user: &str) {
        self.state
            .lock()
            .unwrap()
            .closed_dms
            .insert(user.to_string());
    }

    pub fn add_file(&self, name: &str, bytes: &[u8]) -> String {
        self.state
            .lock()
            .unwrap()
            .files
            .insert(name.to_string(), bytes.to_vec());
        self.file_url(name)
    }

    fn file_url(&self, name: &str) -> String {
        format!("{}/files/{name}", self.api_url())
    }

    pub fn calls(&self) -> Vec<Call> {
        self.state.lock().unwrap().calls.clone()
    }

    pub fn sent(&self) -> Vec<Sent> {
        self.state.lock().unwrap().sent.clone()
    }

    pub fn unknown_routes(&self) -> Vec<String> {
        self.state.lock().unwrap().unknown.clone()
    }

    pub fn registered(&self) -> Option<Value> {
        self.state.lock().unwrap().registered.clone()
    }

    /// The user a DM channel belongs to.
    pub fn dm_user(&self, channel: &str) -> Option<String> {
        self.state.lock().unwrap().dm_channels.get(channel).cloned()
    }

    pub fn thread_parent(&self, thread: &str) -> Option<String> {
        self.state.lock().unwrap().threads.get(thread).cloned()
    }

    pub fn threads(&self) -> Vec<String> {
        self.state.lock().unwrap().threads.keys().cloned().collect()
    }

    /// Seconds from an interaction's creation to the bot's first callback.
    pub fn callback_delay(&self, interaction: &str, created: Instant) -> Option<Duration> {
        self.state
            .lock()
            .unwrap()
            .callbacks
            .get(interaction)
            .map(|(at, _)| at.duration_since(created))
    }

    pub fn callback(&self, interaction: &str) -> Option<Value> {
        self.state
            .lock()
            .unwrap()
            .callbacks
            .get(interaction)
            .map(|(_, v)| v.clone())
    }

    /// Waits until `check` holds over the recorded messages, or panics with
    /// what was seen.
    pub async fn wait_until<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut check: impl FnMut(&FakeDiscord) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.changed.notified();
            self.assert_spec_clean();
            if let Some(v) = check(self) {
                return v;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let sent: Vec<String> = self
                    .sent()
                    .iter()
                    .map(|s| format!("[{}] {}", s.channel, s.content))
                    .collect();
                panic!(
                    "timed out waiting for {what}; sent so far:\n{}",
                    sent.join("\n---\n")
                );
            }
            let _ = tokio::time::timeout(left, notified).await;
        }
    }

    /// Waits until the bot has gone quiet: no request in flight and none
    /// for `QUIET` (its posts and DMs go out alongside its reply, so a
    /// reply alone does not say they are all done).
    pub async fn settle(&self) {
        const QUIET: Duration = Duration::from_millis(40);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let quiet = {
                let s = self.state.lock().unwrap();
                s.in_flight == 0 && s.last_answer.is_none_or(|t| t.elapsed() >= QUIET)
            };
            if quiet {
                return;
            }
            assert!(Instant::now() < deadline, "the bot never went quiet");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits for the bot's gateway session (READY sent).
    pub async fn wait_ready(&self, timeout: Duration) {
        self.wait_until(
            "the bot to identify and register its commands",
            timeout,
            |f| {
                let s = f.state.lock().unwrap();
                (s.identified && s.registered.is_some()).then_some(())
            },
        )
        .await
    }

    /// Waits for the `n`th gateway session (a restarted bot identifies again).
    pub async fn wait_identified(&self, n: usize, timeout: Duration) {
        self.wait_until("the bot to identify", timeout, |f| {
            (f.state.lock().unwrap().identifies >= n).then_some(())
        })
        .await
    }

    /// Requests the bot made to a path.
    pub fn calls_to(&self, path: &str) -> usize {
        self.calls().iter().filter(|c| c.path == path).count()
    }

    /// Sends a gateway dispatch to the connected bot.
    fn dispatch(&self, kind: &str, d: Value) {
        if !self.state.lock().unwrap().endpoints.is_empty() {
            let f = self.clone();
            tokio::spawn(async move { f.post_interaction(d).await });
            return;
        }
        let tx = self
            .events
            .lock()
            .unwrap()
            .clone()
            .expect("the bot is connected");
        tx.send(json!({"t": kind, "d": d})).expect("gateway open");
    }

    /// Invokes a slash command as a user would; returns the interaction id.
    /// `channel` None = in the user's DM with the bot.
    pub fn command(&self, user: &Person, channel: Option<&str>, line: &str) -> Interaction {
        let (name, sub, opts) = parse_command(line);
        let mut options: Vec<Value> = Vec::new();
        let mut resolved = json!({});
        for (k, v) in opts {
            if let Some(file) = v.strip_prefix("file:") {
                let att_id = self.id();
                let url = format!("{}/files/{file}", self.api_url());
                let size = self
                    .state
                    .lock()
                    .unwrap()
                    .files
                    .get(file)
                    .map_or(0, Vec::len);
                resolved["attachments"][&att_id] = json!({
                    "id": att_id, "filename": file, "size": size, "url": url, "proxy_url": url
                });
                options.push(json!({"name": k, "type": 11, "value": att_id}));
            } else {
                // Typed as the bot registered the option, as a Discord client would.
                let value = match self.option_type(&name, sub.as_deref(), &k) {
                    4 => v
                        .parse::<i64>()
                        .map(Value::from)
                        .unwrap_or(Value::from(v.clone())),
                    5 => Value::from(v == "true"),
                    _ => Value::from(v.clone()),
                };
                let kind = self.option_type(&name, sub.as_deref(), &k);
                if kind == 8 {
                    // A role option: Discord resolves the role for the bot.
                    // (All of GuildRoleResponse's required fields.)
                    resolved["roles"][&v] = json!({
                        "id": v, "name": format!("role {v}"), "permissions": "0",
                        "position": 1, "color": 0,
                        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
                        "hoist": false, "managed": false, "mentionable": true,
                        "icon": null, "unicode_emoji": null, "flags": 0
                    });
                }
                options.push(json!({"name": k, "type": kind, "value": value}));
            }
        }
        if let Some(sub) = sub {
            options = vec![json!({"name": sub, "type": 1, "options": options})];
        }
        let data = json!({
            "id": "3000", "name": name, "type": 1, "options": options, "resolved": resolved
        });
        self.interaction(user, channel, 2, data, None)
    }

    /// An option's type in the registered commands (3, string, if unknown).
    fn option_type(&self, command: &str, sub: Option<&str>, option: &str) -> u64 {
        let registered = self.registered().unwrap_or(Value::Null);
        let Some(cmd) = registered
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["name"] == command)
        else {
            return 3;
        };
        let mut opts = cmd["options"].clone();
        if let Some(sub) = sub
            && let Some(s) = opts
                .as_array()
                .into_iter()
                .flatten()
                .find(|o| o["name"] == sub)
        {
            opts = s["options"].clone();
        }
        opts.as_array()
            .into_iter()
            .flatten()
            .find(|o| o["name"] == option)
            .and_then(|o| o["type"].as_u64())
            .unwrap_or(3)
    }

    /// Forgets that an interaction was acknowledged (a lost callback).
    pub fn forget_acknowledgement(&self, i: &Interaction) {
        self.state.lock().unwrap().callbacks.remove(&i.id);
    }

    /// Re-sends an interaction exactly as before (Discord may redeliver).
    pub fn redeliver(&self, i: &Interaction) {
        self.dispatch("INTERACTION_CREATE", i.payload.clone());
    }

    /// Presses a button of a message the bot sent (the newest carrying
    /// `custom_id`; in `channel` when one is given): the interaction
    /// carries that message, as Discord's does.
    pub fn press(&self, user: &Person, channel: Option<&str>, custom_id: &str) -> Interaction {
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let where_ = channel.map_or_else(|| dm_of(user), str::to_string);
        let message = {
            let s = self.state.lock().unwrap();
            let carrying: Vec<&Sent> = s
                .sent
                .iter()
                .rev()
                .filter(|m| m.buttons.iter().any(|(_, id)| id == custom_id))
                .collect();
            let sent = carrying
                .iter()
                .find(|m| m.channel == where_)
                .or(carrying.first())
                .expect("a message carrying the button");
            s.messages[&sent.id].clone()
        };
        self.interaction(user, channel, 3, data, Some(message))
    }

    /// Picks `values` in a select menu of a message the bot sent (the
    /// newest carrying `custom_id`): the interaction carries that message.
    pub fn select(
        &self,
        user: &Person,
        channel: Option<&str>,
        custom_id: &str,
        values: &[&str],
    ) -> Interaction {
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
        let message = {
            let s = self.state.lock().unwrap();
            let sent = s
                .sent
                .iter()
                .rev()
                .find(|m| m.menus.iter().any(|x| x.custom_id == custom_id))
                .expect("a message carrying the menu");
            s.messages[&sent.id].clone()
        };
        self.interaction(user, channel, 3, data, Some(message))
    }

    /// Types into an autocompleted option; returns the interaction.
    pub fn autocomplete(
        &self,
        user: &Person,
        channel: Option<&str>,
        line: &str,
        focused: &str,
    ) -> Interaction {
        let (name, sub, opts) = parse_command(line);
        let mut options: Vec<Value> = opts
            .into_iter()
            .map(|(k, v)| {
                if k == focused {
                    json!({"name": k, "type": 3, "value": v, "focused": true})
                } else {
                    json!({"name": k, "type": 3, "value": v})
                }
            })
            .collect();
        if let Some(sub) = sub {
            options = vec![json!({"name": sub, "type": 1, "options": options})];
        }
        let data = json!({"id": "3000", "name": name, "type": 1, "options": options});
        self.interaction(user, channel, 4, data, None)
    }

    fn interaction(
        &self,
        user: &Person,
        channel: Option<&str>,
        kind: u8,
        data: Value,
        message: Option<Value>,
    ) -> Interaction {
        let id = self.id();
        let token = format!("tok{id}");
        let channel_id = channel.map_or_else(|| dm_of(user), str::to_string);
        if channel.is_none() {
            self.state
                .lock()
                .unwrap()
                .dm_channels
                .insert(channel_id.clone(), user.id.clone());
        }
        let mut payload = json!({
            "id": id, "application_id": APP_ID.to_string(), "type": kind, "token": token,
            "version": 1, "channel_id": channel_id, "locale": "en-US", "entitlements": [],
            "attachment_size_limit": 10_485_760, "data": data,
            "app_permissions": "0"
        });
        let user_json = user_json(&user.id, &user.name, false);
        if channel.is_some() {
            payload["guild_id"] = json!(self.guild_of(&channel_id).to_string());
            payload["member"] = json!({
                "user": user_json, "nick": null, "roles": user.roles,
                "joined_at": "2026-01-01T00:00:00.000000+00:00", "premium_since": null,
                "deaf": false, "mute": false, "flags": 0, "pending": false, "avatar": null,
                "banner": null, "communication_disabled_until": null,
                "permissions": if user.manager { "32" } else { "0" }
            });
            payload["context"] = json!(0);
        } else {
            payload["user"] = user_json;
            payload["context"] = json!(1);
        }
        if let Some(m) = message {
            payload["message"] = m;
        }
        self.check_payload(&payload);
        {
            let mut s = self.state.lock().unwrap();
            let mut token_state = Token {
                interaction: id.clone(),
                channel: channel_id.clone(),
                created: Instant::now(),
                ephemeral: false,
                original: None,
            };
            if std::mem::take(&mut s.acknowledge_next) {
                let original = next_id(&mut s);
                let deferral = json!({"type": 5, "data": {"flags": 64}});
                s.callbacks.insert(id.clone(), (Instant::now(), deferral));
                let mut m = message_json(&original, &channel_id, &json!({}), true, vec![]);
                m["flags"] = json!(64 | 128);
                s.messages.insert(original.clone(), m);
                token_state.ephemeral = true;
                token_state.original = Some(original);
            }
            s.tokens.insert(token.clone(), token_state);
        }
        let created = Instant::now();
        self.dispatch("INTERACTION_CREATE", payload.clone());
        Interaction {
            id,
            created,
            payload,
        }
    }

    /// An interaction's sub-objects against their schemas (the gateway
    /// itself has no schema in the spec).
    fn check_payload(&self, p: &Value) {
        let spec = spec::spec();
        let mut problems = Vec::new();
        let mut check = |what: &str, name: &str, v: &Value| {
            if !v.is_null() {
                problems.extend(spec.check_schema(what, name, v));
            }
        };
        check("INTERACTION_CREATE user", "UserResponse", &p["user"]);
        check(
            "INTERACTION_CREATE member",
            "GuildMemberResponse",
            &p["member"],
        );
        check(
            "INTERACTION_CREATE message",
            "MessageResponse",
            &p["message"],
        );
        let resolved = &p["data"]["resolved"];
        for role in resolved["roles"]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
        {
            check(
                "INTERACTION_CREATE resolved role",
                "GuildRoleResponse",
                role,
            );
        }
        for a in resolved["attachments"]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
        {
            check(
                "INTERACTION_CREATE resolved attachment",
                "AttachmentResponse",
                a,
            );
        }
        self.violate(problems);
    }

    /// Messages in a channel or thread, oldest first.
    pub fn in_channel(&self, channel: &str) -> Vec<Sent> {
        self.sent()
            .into_iter()
            .filter(|s| s.channel == channel && s.interaction.is_none())
            .collect()
    }

    /// DMs a user received.
    pub fn dms_to(&self, user: &str) -> Vec<Sent> {
        let s = self.state.lock().unwrap();
        s.sent
            .iter()
            .filter(|m| {
                s.dm_channels.get(&m.channel).is_some_and(|u| u == user) && m.interaction.is_none()
            })
            .cloned()
            .collect()
    }

    /// The replies to an interaction (the edited original, then follow-ups).
    pub fn replies(&self, interaction: &str) -> Vec<Sent> {
        let s = self.state.lock().unwrap();
        s.replies
            .get(interaction)
            .into_iter()
            .flatten()
            .map(|i| s.sent[*i].clone())
            .collect()
    }

    /// Sends a command, waits for its reply and for the bot to go quiet;
    /// returns every reply (the response and its follow-ups) as one text.
    pub async fn run(&self, user: &Person, channel: Option<&str>, line: &str) -> String {
        let i = self.command(user, channel, line);
        self.reply(&i).await;
        self.settle().await;
        self.replies(&i.id)
            .iter()
            .map(|r| r.content.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The next interaction arrives already acknowledged (a deferral by
    /// another process, say), so the bot's response meets Discord's 40060.
    pub fn acknowledge_next(&self) {
        self.state.lock().unwrap().acknowledge_next = true;
    }

    /// The most HTTP calls the bot had waiting at once since the last reset.
    pub fn peak_in_flight(&self) -> usize {
        self.state.lock().unwrap().peak_in_flight
    }

    pub fn reset_peak(&self) {
        self.state.lock().unwrap().peak_in_flight = 0;
    }

    /// The replies to an interaction once there is one, or None after
    /// `timeout` (an answer lost with a process that died).
    pub async fn try_reply(&self, i: &Interaction, timeout: Duration) -> Option<Vec<Sent>> {
        let deadline = Instant::now() + timeout;
        loop {
            let replies = self.replies(&i.id);
            if !replies.is_empty() {
                return Some(replies);
            }
            if Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Waits for the first reply to an interaction and returns all so far.
    pub async fn reply(&self, i: &Interaction) -> Vec<Sent> {
        let id = i.id.clone();
        self.wait_until(
            &format!("a reply to interaction {id}"),
            Duration::from_secs(20),
            |f| {
                let r = f.replies(&id);
                (!r.is_empty()).then_some(r)
            },
        )
        .await
    }

    async fn serve_gateway(&self, stream: TcpStream) {
        let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
            return;
        };
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
        if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
            return;
        }
        let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
        let mut seq = 0u64;
        loop {
            tokio::select! {
                incoming = ws.next() => {
                    let Some(Ok(msg)) = incoming else { return };
                    let text = match msg {
                        WsMessage::Text(t) => t,
                        WsMessage::Close(_) => return,
                        _ => continue,
                    };
                    let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                    match v["op"].as_u64() {
                        Some(1) => {
                            let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                            let _ = ws.send(WsMessage::Text(ack.to_string())).await;
                        }
                        Some(2) | Some(6) => {
                            seq += 1;
                            let ready = json!({"op": 0, "s": seq, "t": "READY", "d": {
                                "v": 10, "user": bot_user(), "guilds": [], "session_id": "s1",
                                "resume_gateway_url": "ws://127.0.0.1", "shard": [0, 1],
                                "application": {"id": APP_ID.to_string(), "flags": 0}
                            }});
                            self.violate(spec::spec().check_schema("READY user", "UserResponse", &ready["d"]["user"]));
                            let _ = ws.send(WsMessage::Text(ready.to_string())).await;
                            *self.events.lock().unwrap() = Some(tx.clone());
                            {
                                let mut s = self.state.lock().unwrap();
                                s.identified = true;
                                s.identifies += 1;
                            }
                            self.connected.notify_waiters();
                            self.changed.notify_waiters();
                        }
                        _ => {}
                    }
                }
                Some(event) = rx.recv() => {
                    seq += 1;
                    let frame = json!({"op": 0, "s": seq, "t": event["t"], "d": event["d"]});
                    if ws.send(WsMessage::Text(frame.to_string())).await.is_err() {
                        return;
                    }
                }
            }
        }
    }

    async fn serve_http(&self, stream: TcpStream, ws_port: u16) {
        let (read, mut write) = stream.into_split();
        let mut reader = BufReader::new(read);
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                return;
            }
            let mut parts = line.split_whitespace();
            let method = parts.next().unwrap_or_default().to_string();
            let path = parts.next().unwrap_or_default().to_string();
            let mut length = 0usize;
            let mut content_type = String::new();
            loop {
                let mut h = String::new();
                if reader.read_line(&mut h).await.unwrap_or(0) == 0 {
                    return;
                }
                let h = h.trim_end();
                if h.is_empty() {
                    break;
                }
                if let Some((k, v)) = h.split_once(':') {
                    match k.to_ascii_lowercase().as_str() {
                        "content-length" => length = v.trim().parse().unwrap_or(0),
                        "content-type" => content_type = v.trim().to_string(),
                        _ => {}
                    }
                }
            }
            let mut body = vec![0u8; length];
            if reader.read_exact(&mut body).await.is_err() {
                return;
            }
            {
                let mut s = self.state.lock().unwrap();
                s.in_flight += 1;
                s.peak_in_flight = s.peak_in_flight.max(s.in_flight);
            }
            let (body, uploads) = if content_type.starts_with("multipart/") {
                multipart(&content_type, &body)
            } else {
                (
                    serde_json::from_slice(&body).unwrap_or(Value::Null),
                    Vec::new(),
                )
            };
            let api = path.starts_with("/api/v10/");
            if api {
                self.violate(spec::spec().check_request(&method, &path, &body));
                self.violate(repeated_custom_ids(&method, &path, &body));
            }
            let latency = self.state.lock().unwrap().latency;
            if !latency.is_zero() {
                tokio::time::sleep(latency).await;
            }
            let (status, reply, raw) = self.route(&method, &path, body, uploads, ws_port);
            let payload = raw.unwrap_or_else(|| reply.to_string().into_bytes());
            if api {
                let p = path.split('?').next().unwrap_or_default();
                self.violate(spec::spec().check_response(&method, p, status, &payload));
            }
            let head = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                payload.len()
            );
            // Head and body in one write: two small writes would wait on
            // the client's delayed ACK (about 40 ms a reply).
            let mut reply = head.into_bytes();
            reply.extend_from_slice(&payload);
            let written = write.write_all(&reply).await;
            {
                let mut s = self.state.lock().unwrap();
                s.in_flight -= 1;
                s.last_answer = Some(Instant::now());
            }
            if written.is_err() {
                return;
            }
            self.changed.notify_waiters();
        }
    }

    fn route(
        &self,
        method: &str,
        path: &str,
        body: Value,
        uploads: Vec<Upload>,
        ws_port: u16,
    ) -> (u16, Value, Option<Vec<u8>>) {
        let p = path.split('?').next().unwrap_or_default();
        let segs: Vec<&str> = p.trim_start_matches('/').split('/').collect();
        let mut s = self.state.lock().unwrap();
        s.calls.push(Call {
            method: method.into(),
            path: p.into(),
            body: body.clone(),
            at: Instant::now(),
        });
        let ok = |v: Value| (200, v, None);
        match (method, segs.as_slice()) {
            ("GET", ["files", name]) => match s.files.get(*name) {
                Some(b) => (200, Value::Null, Some(b.clone())),
                None => error(404, 0, "no file"),
            },
            ("GET", ["api", "v10", "gateway"]) => {
                ok(json!({"url": format!("ws://127.0.0.1:{ws_port}")}))
            }
            ("PUT", ["api", "v10", "applications", _, "commands"]) => {
                ok(register(&mut s, body, None))
            }
            ("PUT", ["api", "v10", "applications", _, "guilds", guild, "commands"]) => {
                ok(register(&mut s, body, Some(guild)))
            }
            ("POST", ["api", "v10", "interactions", id, token, "callback"]) => {
                self.acknowledge(&mut s, id, token, body, &uploads)
            }
            ("PATCH", ["api", "v10", "webhooks", _, token, "messages", "@original"]) => {
                self.reply_message(&mut s, token, body, uploads, true)
            }
            ("POST", ["api", "v10", "webhooks", _, token]) => {
                self.reply_message(&mut s, token, body, uploads, false)
            }
            ("POST", ["api", "v10", "users", "@me", "channels"]) => {
                let user = snowflake(&body["recipient_id"]);
                let channel = format!("9{user}");
                s.dm_channels.insert(channel.clone(), user.clone());
                ok(json!({
                    "id": channel, "type": 1, "last_message_id": null, "flags": 0,
                    "recipients": [user_json(&user, &format!("user{user}"), false)]
                }))
            }
            ("POST", ["api", "v10", "channels", channel, "messages"]) => {
                if let Some(user) = s.dm_channels.get(*channel)
                    && s.closed_dms.contains(user)
                {
                    return error(403, 50007, "Cannot send messages to this user");
                }
                if s.denied.contains(*channel) {
                    return error(403, 50013, "Missing Permissions");
                }
                let id = next_id(&mut s);
                let m = self.create_message(&mut s, &id, channel, &body, &uploads, None, false);
                ok(m)
            }
            ("POST", ["api", "v10", "channels", channel, "messages", _, "threads"]) => {
                let thread = next_id(&mut s);
                s.threads.insert(thread.clone(), channel.to_string());
                let guild = s.guilds.get(*channel).copied().unwrap_or(GUILD);
                let created = json!({
                    "id": thread, "type": 11, "guild_id": guild.to_string(), "parent_id": channel,
                    "name": body["name"], "last_message_id": null, "flags": 0,
                    "rate_limit_per_user": 0, "owner_id": BOT_ID.to_string(),
                    "message_count": 0, "member_count": 1, "total_message_sent": 0,
                    "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                        "archive_timestamp": TIMESTAMP, "locked": false}
                });
                (201, created, None)
            }
            _ => {
                s.unknown.push(format!("{method} {p}"));
                error(404, 0, "404: Not Found")
            }
        }
    }

    /// The interaction's callback: the first one only (40060 after that);
    /// a message reply (type 4) or a deferral (type 5) becomes the
    /// interaction's original message, in the interaction's channel.
    fn acknowledge(
        &self,
        s: &mut State,
        id: &str,
        token: &str,
        body: Value,
        uploads: &[Upload],
    ) -> (u16, Value, Option<Vec<u8>>) {
        if s.callbacks.contains_key(id) {
            return error(400, 40060, "Interaction has already been acknowledged.");
        }
        s.callbacks
            .insert(id.to_string(), (Instant::now(), body.clone()));
        let Some(mut t) = s.tokens.get(token).cloned() else {
            return error(404, 10062, "Unknown interaction");
        };
        t.ephemeral = body["data"]["flags"].as_u64().is_some_and(|f| f & 64 != 0);
        let kind = body["type"].as_u64().unwrap_or(0);
        if kind == 4 || kind == 5 {
            let message = next_id(s);
            t.original = Some(message.clone());
            if kind == 4 {
                let i = t.interaction.clone();
                self.create_message(
                    s,
                    &message,
                    &t.channel,
                    &body["data"],
                    uploads,
                    Some(&i),
                    t.ephemeral,
                );
            } else {
                // "The bot is thinking…" until the edit (flag 128, LOADING).
                let mut m = message_json(&message, &t.channel, &json!({}), t.ephemeral, vec![]);
                m["flags"] = json!(if t.ephemeral { 64 | 128 } else { 128 });
                s.messages.insert(message, m);
            }
        }
        s.tokens.insert(token.to_string(), t);
        (204, Value::Null, Some(Vec::new()))
    }

    /// An edit of the original response, or a follow-up message.
    fn reply_message(
        &self,
        s: &mut State,
        token: &str,
        body: Value,
        uploads: Vec<Upload>,
        original: bool,
    ) -> (u16, Value, Option<Vec<u8>>) {
        let Some(t) = s.tokens.get(token).cloned() else {
            return error(404, 10015, "Unknown Webhook");
        };
        let id = match (&t.original, original) {
            (Some(m), true) => m.clone(),
            (None, true) => return error(404, 10008, "Unknown Message"),
            _ => next_id(s),
        };
        let ephemeral =
            (original && t.ephemeral) || body["flags"].as_u64().is_some_and(|f| f & 64 != 0);
        let m = self.create_message(
            s,
            &id,
            &t.channel,
            &body,
            &uploads,
            Some(&t.interaction),
            ephemeral,
        );
        (200, m, None)
    }

    /// Records a message the bot created (or edited: same id) and returns
    /// it as Discord does.
    #[allow(clippy::too_many_arguments)]
    fn create_message(
        &self,
        s: &mut State,
        id: &str,
        channel: &str,
        body: &Value,
        uploads: &[Upload],
        interaction: Option<&str>,
        ephemeral: bool,
    ) -> Value {
        let attachments: Vec<Value> = uploads
            .iter()
            .map(|u| {
                let file = next_id(s);
                s.files.insert(file.clone(), u.bytes.clone());
                let url = self.file_url(&file);
                json!({"id": file, "filename": u.filename, "size": u.bytes.len(),
                       "url": url, "proxy_url": url, "content_type": "application/json"})
            })
            .collect();
        let mut sent = sent_from(
            body,
            channel.to_string(),
            interaction.map(str::to_string),
            ephemeral,
        );
        sent.id = id.to_string();
        sent.files = uploads.to_vec();
        if let Some(i) = interaction {
            let index = s.sent.len();
            s.replies.entry(i.to_string()).or_default().push(index);
        }
        s.sent.push(sent);
        let m = message_json(id, channel, body, ephemeral, attachments);
        s.messages.insert(id.to_string(), m.clone());
        m
    }
}

const TIMESTAMP: &str = "2026-11-23T10:00:00.000000+00:00";

fn error(status: u16, code: u64, message: &str) -> (u16, Value, Option<Vec<u8>>) {
    (status, json!({"code": code, "message": message}), None)
}

/// A snowflake sent as a string or a number.
fn snowflake(v: &Value) -> String {
    v.as_str()
        .map(str::to_string)
        .or_else(|| v.as_u64().map(|u| u.to_string()))
        .unwrap_or_default()
}

/// The bot's embeds as Discord returns them: typed `rich`, unset fields
/// left out, an `attachment://` image resolved to the uploaded file.
fn embeds_json(body: &Value, attachments: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for e in body["embeds"].as_array().into_iter().flatten() {
        let mut e = without_empty(e);
        e["type"] = json!("rich");
        if let Some(url) = e["image"]["url"].as_str() {
            let name = url.trim_start_matches("attachment://");
            let file = attachments.iter().find(|a| a["filename"] == name);
            let url = file.map_or(url.to_string(), |a| {
                a["url"].as_str().unwrap_or(url).to_string()
            });
            e["image"] = json!({"url": url, "proxy_url": url, "width": 800, "height": 500});
        }
        out.push(e);
    }
    out
}

/// A value without its nulls and empty lists (Discord leaves unset fields out).
fn without_empty(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(_, x)| !x.is_null() && x.as_array().is_none_or(|a| !a.is_empty()))
                .map(|(k, x)| (k.clone(), without_empty(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_empty).collect()),
        other => other.clone(),
    }
}

/// Registered commands, as Discord answers the registration.
fn register(s: &mut State, body: Value, guild: Option<&str>) -> Value {
    let mut out = Vec::new();
    for c in body.as_array().into_iter().flatten() {
        let id = next_id(s);
        let mut r = json!({
            "id": id, "application_id": APP_ID.to_string(), "version": id,
            "default_member_permissions": null, "type": c["type"].as_u64().unwrap_or(1),
            "name": c["name"], "description": c["description"], "nsfw": false,
            "contexts": c["contexts"], "integration_types": [0]
        });
        if let Some(g) = guild {
            r["guild_id"] = json!(g);
        }
        if let Some(options) = c.get("options") {
            r["options"] = without_empty(options);
        }
        out.push(r);
    }
    s.registered = Some(body);
    Value::Array(out)
}

/// A started interaction: its id and when it was sent.
#[derive(Debug, Clone)]
pub struct Interaction {
    pub id: String,
    pub created: Instant,
    pub payload: Value,
}

/// A user of the fake guild.
#[derive(Debug, Clone)]
pub struct Person {
    pub id: String,
    pub name: String,
    /// Holds Manage Server.
    pub manager: bool,
    /// The ids of the server roles the person holds.
    pub roles: Vec<String>,
}

impl Person {
    pub fn new(id: u64, name: &str) -> Person {
        Person {
            id: id.to_string(),
            name: name.to_string(),
            manager: false,
            roles: Vec::new(),
        }
    }
}

fn dm_of(user: &Person) -> String {
    format!("9{}", user.id)
}

fn bot_user() -> Value {
    user_json(&BOT_ID.to_string(), "xfiles-bot", true)
}

/// A user as Discord's API returns one (`UserResponse`).
fn user_json(id: &str, name: &str, bot: bool) -> Value {
    let mut u = json!({
        "id": id, "username": name, "discriminator": "0", "avatar": null,
        "public_flags": 0, "flags": 0, "global_name": name, "primary_guild": null
    });
    if bot {
        u["bot"] = json!(true);
        u["global_name"] = Value::Null;
    }
    u
}

/// A message as Discord returns it (`MessageResponse`): the bot's
/// components numbered as Discord numbers them.
fn message_json(
    id: &str,
    channel: &str,
    body: &Value,
    ephemeral: bool,
    attachments: Vec<Value>,
) -> Value {
    let mut n = 0;
    let components: Vec<Value> = body["components"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|row| {
            n += 1;
            let mut r = row.clone();
            r["id"] = json!(n);
            for c in r["components"].as_array_mut().into_iter().flatten() {
                n += 1;
                c["id"] = json!(n);
            }
            r
        })
        .collect();
    json!({
        "id": id, "channel_id": channel, "author": bot_user(),
        "content": body["content"].as_str().unwrap_or_default(),
        "timestamp": TIMESTAMP, "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": attachments,
        "embeds": embeds_json(body, &attachments), "pinned": false, "type": 0,
        "flags": if ephemeral { 64 } else { 0 }, "components": components,
        "application_id": APP_ID.to_string()
    })
}

fn sent_from(body: &Value, channel: String, interaction: Option<String>, ephemeral: bool) -> Sent {
    let mut buttons = Vec::new();
    let mut menus = Vec::new();
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    for row in body["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["type"] == 3 {
                menus.push(SentMenu {
                    custom_id: text(&c["custom_id"]),
                    placeholder: text(&c["placeholder"]),
                    options: c["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|o| (text(&o["label"]), text(&o["value"])))
                        .collect(),
                    min: c["min_values"].as_u64().unwrap_or(1),
                    max: c["max_values"].as_u64().unwrap_or(1),
                });
            } else {
                buttons.push((text(&c["label"]), text(&c["custom_id"])));
            }
        }
    }
    Sent {
        id: String::new(),
        channel,
        content: body["content"].as_str().unwrap_or_default().to_string(),
        mentions: body["allowed_mentions"]["users"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|u| {
                u.as_str()
                    .map(str::to_string)
                    .or_else(|| u.as_u64().map(|n| n.to_string()))
            })
            .collect(),
        buttons,
        menus,
        interaction,
        ephemeral,
        files: Vec::new(),
        embeds: body["embeds"].as_array().cloned().unwrap_or_default(),
        at: Instant::now(),
    }
}

/// What Discord's docs require beyond the spec (Component Reference: a
/// custom id is unique among a message's components): each custom id that
/// repeats within one request's body.
fn repeated_custom_ids(method: &str, path: &str, body: &Value) -> Vec<String> {
    fn collect(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                if let Some(id) = map.get("custom_id").and_then(Value::as_str) {
                    out.push(id.to_string());
                }
                map.values().for_each(|x| collect(x, out));
            }
            Value::Array(items) => items.iter().for_each(|x| collect(x, out)),
            _ => {}
        }
    }
    let mut ids = Vec::new();
    collect(body, &mut ids);
    let mut seen = HashSet::new();
    ids.into_iter()
        .filter(|id| !seen.insert(id.clone()))
        .map(|id| format!("{method} {path}: custom_id {id} repeats within one message"))
        .collect()
}

/// A multipart/form-data body: its `payload_json` part and its files
/// (RFC 7578; serenity sends the JSON as `payload_json`, files as `files[n]`).
fn multipart(content_type: &str, body: &[u8]) -> (Value, Vec<Upload>) {
    let Some(boundary) = content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))
    else {
        return (Value::Null, Vec::new());
    };
    let delimiter = format!("--{}", boundary.trim_matches('"'));
    let mut json = Value::Null;
    let mut uploads = Vec::new();
    for part in split_bytes(body, delimiter.as_bytes()).into_iter().skip(1) {
        if part.starts_with(b"--") {
            break;
        }
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let Some(at) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..at]).to_string();
        let data = &part[at + 4..];
        let data = data.strip_suffix(b"\r\n").unwrap_or(data);
        let field = |key: &str| {
            let marker = format!("{key}=\"");
            let start = head.find(&marker)? + marker.len();
            let end = head[start..].find('"')? + start;
            Some(head[start..end].to_string())
        };
        match (field("name").as_deref(), field("filename")) {
            (Some("payload_json"), _) => json = serde_json::from_slice(data).unwrap_or(Value::Null),
            (_, Some(filename)) => uploads.push(Upload {
                filename,
                bytes: data.to_vec(),
            }),
            _ => {}
        }
    }
    (json, uploads)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn split_bytes<'a>(mut hay: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    while let Some(i) = find(hay, delimiter) {
        out.push(&hay[..i]);
        hay = &hay[i + delimiter.len()..];
    }
    out.push(hay);
    out
}

/// `/deck import name:"My deck" text:"..."` → ("deck", Some("import"), options).
pub fn parse_command(line: &str) -> (String, Option<String>, Vec<(String, String)>) {
    let parsed = xfiles_bot::console::parse_line(&format!("@u {line}"))
        .expect("a valid command line")
        .expect("not blank");
    (parsed.command, parsed.sub, parsed.options)
}

/// The real bot binary, running against a [`FakeDiscord`].
pub struct BotProcess {
    child: tokio::process::Child,
    log: Arc<Mutex<Vec<String>>>,
}

impl BotProcess {
    /// Starts `xfiles-bot` (no subcommand: DISCORD_TOKEN makes it the bot) in
    /// an empty folder, so no `.env` is read.
    pub async fn start(fake: &FakeDiscord, db: &str, env: &[(&str, &str)]) -> BotProcess {
        BotProcess::start_with(fake, db, env, &[]).await
    }

    /// Starts the bot with these command-line arguments.
    pub async fn start_with(
        fake: &FakeDiscord,
        db: &str,
        env: &[(&str, &str)],
        args: &[&str],
    ) -> BotProcess {
        let dir = std::env::temp_dir();
        let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_xfiles-bot"));
        cmd.args(args)
            .current_dir(dir)
            .env_clear()
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_URL", fake.api_url())
            .env("DATABASE_URL", db)
            // serenity reports an event it cannot read at debug level only.
            .env(
                "RUST_LOG",
                "warn,xfiles_bot=info,serenity::client::dispatch=debug",
            )
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("start the bot");
        let log = Arc::new(Mutex::new(Vec::new()));
        let stderr = child.stderr.take().expect("stderr");
        let sink = log.clone();
        tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                // Shown with a failing test's output.
                eprintln!("bot: {line}");
                sink.lock().unwrap().push(line);
            }
        });
        BotProcess { child, log }
    }

    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// The log lines that match, once there are `count` of them: the bot
    /// may write a line after it has answered, and the test reads its
    /// stderr on another task, so a line can come after the reply.
    pub async fn wait_log(&self, count: usize, matches: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let found: Vec<String> = self.log().into_iter().filter(|l| matches(l)).collect();
            if found.len() >= count {
                return found;
            }
            assert!(
                Instant::now() < deadline,
                "{count} matching log lines never came: {:?}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// serenity drops a gateway event it cannot parse with only a warning;
    /// a test that saw one must fail.
    pub fn assert_no_dropped_events(&self) {
        let bad: Vec<String> = self
            .log()
            .into_iter()
            .filter(|l| {
                let l = l.to_lowercase();
                l.contains("deserializ")
                    || l.contains("unhandled")
                    || l.contains("panic")
                    || l.contains("unknown event")
            })
            .collect();
        assert!(
            bad.is_empty(),
            "the bot logged dropped events or panics:\n{}",
            bad.join("\n")
        );
    }

    /// SIGKILL: the process dies at once, mid-whatever.
    pub async fn kill(mut self) {
        self.child.start_kill().expect("kill the bot");
        let _ = self.child.wait().await;
    }

    /// Waits for the process to end on its own (or by a signal it sent itself).
    pub async fn exited(mut self, timeout: Duration) -> std::process::ExitStatus {
        tokio::time::timeout(timeout, self.child.wait())
            .await
            .expect("the bot ends in time")
            .expect("wait for the bot")
    }

    /// SIGTERM, then waits for a clean exit.
    pub async fn stop(mut self) -> std::process::ExitStatus {
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill")
                .arg("-TERM")
                .arg(pid.to_string())
                .status();
        }
        tokio::time::timeout(Duration::from_secs(15), self.child.wait())
            .await
            .expect("the bot stops within 15 s of SIGTERM")
            .expect("wait for the bot")
    }
}
