//! The Discord adapter: poise on serenity over the application layer.
//!
//! Slash commands and their options come from the one registry
//! (`slash`); every interaction is deferred at once (Discord allows 3 s),
//! turned into an application request, and the resulting messages are
//! delivered by `respond`. Buttons carry the command they run. A scheduler
//! task sends reminders and applies agreed deadlines from the store, so they
//! survive restarts. No gateway intent is needed: interactions need none.
//!
//! `respond` delivers in the fewest round trips: a quick answer is the
//! interaction's response itself, a deferral comes only after 1.5 s of
//! handling; posts and DMs to different places go at once, each place in
//! order. `limits` cuts every text (2,000 characters a message, never inside
//! a mention, a Markdown span or a character; a cut code block closed and
//! reopened; a post's pings in the piece naming them). `render` shapes
//! buttons, select menus (paged by 25, each custom id unique in its message)
//! and embeds. This module holds the shared `Bot`, button presses and menu
//! picks (a pick runs the menu's command), error and panic reporting, the
//! scheduler task, shard ranges and SIGTERM shutdown; `serve` is the same
//! bot as an interactions endpoint; `config` reads the settings. Several
//! processes share only the database: a cached game is served while its
//! version matches, and each reminder and deadline is claimed by one process.

mod config;
mod limits;
mod render;
mod respond;
mod serve;
mod slash;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ClientBuilder, ComponentInteraction, FullEvent, GatewayIntents, HttpBuilder, Interaction,
};
use tokio::sync::Notify;

pub use config::{Settings, Shards, load_dotenv};
pub use limits::{MESSAGE_LIMIT, PING_LIMIT, Piece, outgoing_pieces, pieces, split};
pub use render::{Row, embed_of, rows};
pub use serve::{serve, verified};
pub use slash::definitions;

use crate::app::{App, Invocation, Request};
use crate::store::DmRecord;

pub type Data = Arc<Bot>;
pub type BotError = Box<dyn std::error::Error + Send + Sync>;
pub type Ctx<'a> = poise::ApplicationContext<'a, Data, BotError>;

/// The scheduler looks at the store at least this often.
const MAX_SLEEP: Duration = Duration::from_secs(30);

/// Everything the handlers share.
pub struct Bot {
    pub app: App,
    /// Wakes the scheduler after a change (a game may now be due sooner).
    pub wake: Notify,
    dms: Mutex<HashMap<String, DmRecord>>,
    /// A command that panics on purpose (`XFILES_PANIC_ON`, for tests of
    /// the error path).
    panic_on: Option<String>,
    kill_before_post: bool,
}

impl Bot {
    pub fn new(app: App, panic_on: Option<String>) -> Bot {
        Bot {
            app,
            wake: Notify::new(),
            dms: Mutex::default(),
            panic_on,
            kill_before_post: std::env::var_os("XFILES_KILL_BEFORE_POST").is_some(),
        }
    }

    /// Panics when told to for this command (`XFILES_PANIC_ON`).
    fn fault_check(&self, req: &Request) {
        if self.panic_on.as_deref() == Some(req.invocation.name.as_str()) {
            panic!("forced by XFILES_PANIC_ON={}", req.invocation.name);
        }
    }

    /// Kills this process with SIGKILL after a scheduled move is committed
    /// and before it is posted, when told to (`XFILES_KILL_BEFORE_POST`, for
    /// the outbox's test): as abrupt as a crash.
    fn fault_before_post(&self) {
        if !self.kill_before_post {
            return;
        }
        tracing::warn!("XFILES_KILL_BEFORE_POST: killed before posting");
        let me = std::process::id().to_string();
        let _ = std::process::Command::new("kill")
            .args(["-KILL", &me])
            .status();
        std::thread::sleep(Duration::from_secs(60));
    }

    /// Opens the user's DM channel while `/game new` or `/game join` is
    /// handled, so the game's DMs need one call each, not two.
    async fn open_dm_ahead(&self, http: &serenity::Http, req: &Request) {
        let seating = req.invocation.name == "game"
            && matches!(req.invocation.sub.as_deref(), Some("new" | "join"));
        if !seating || req.place.is_dm {
            return;
        }
        let user = &req.user.id;
        let mut record = self.dm_record(user).await;
        if record.channel.is_some() {
            return;
        }
        match respond::open_dm_channel(http, user).await {
            Ok(channel) => {
                record.channel = Some(channel);
                self.set_dm_record(user, &record, req.now).await;
            }
            Err(e) => tracing::warn!(user, error = ?e, "cannot open a DM channel"),
        }
    }

    async fn dm_record(&self, user: &str) -> DmRecord {
        if let Some(r) = self.dms.lock().expect("dm lock").get(user) {
            return r.clone();
        }
        let record = self.app.store().dm_record(user).await.unwrap_or_default();
        self.dms
            .lock()
            .expect("dm lock")
            .insert(user.to_string(), record.clone());
        record
    }

    fn dm_changed(&self, user: &str, record: &DmRecord) -> bool {
        self.dms.lock().expect("dm lock").get(user) != Some(record)
    }

    async fn set_dm_record(&self, user: &str, record: &DmRecord, now: i64) {
        self.dms
            .lock()
            .expect("dm lock")
            .insert(user.to_string(), record.clone());
        if let Err(e) = self.app.store().set_dm_record(user, record, now).await {
            tracing::warn!(user, error = %e, "cannot store the user's DM state");
        }
    }

    /// A button's custom id: the command itself when it fits Discord's 100
    /// characters, else a stored short id.
    async fn button_id(&self, command: &str) -> String {
        let inline = format!("x:{command}");
        if inline.len() <= 100 {
            return inline;
        }
        self.stored_id("b", command).await
    }

    /// A menu option's value over Discord's 100 characters: stored, and
    /// named by a short id.
    async fn value_id(&self, value: &str) -> String {
        self.stored_id("v", value).await
    }

    /// Stores `text` (with the buttons) under a short id `<prefix>:<hash>`.
    async fn stored_id(&self, prefix: &str, text: &str) -> String {
        self.stored_under(prefix, text, text).await
    }

    /// Stores `text` under a short id `<prefix>:<hash of key>`: another key
    /// gives the same text another id.
    async fn stored_under(&self, prefix: &str, key: &str, text: &str) -> String {
        let id = format!("{prefix}:{:016x}", crate::engine::stable_hash(key));
        if let Err(e) = self
            .app
            .store()
            .save_button(&id, text, crate::console::now_ms())
            .await
        {
            tracing::warn!(error = %e, id, "cannot store a button or menu option");
        }
        id
    }

    /// The values picked in a menu, long ones looked up.
    async fn picked_values(&self, values: &[String]) -> Option<Vec<String>> {
        let mut out = Vec::new();
        for v in values {
            if v.starts_with("v:") {
                out.push(self.app.store().button(v).await.ok().flatten()?);
            } else {
                out.push(v.clone());
            }
        }
        Some(out)
    }

    async fn button_command(&self, custom_id: &str) -> Option<String> {
        if let Some(c) = custom_id.strip_prefix("x:") {
            return Some(c.to_string());
        }
        let id = custom_id.strip_prefix("b:").map(|_| custom_id)?;
        self.app.store().button(id).await.ok().flatten()
    }
}

/// Text cut to one of Discord's length limits (an ellipsis marks the cut).
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

/// Runs the bot until SIGTERM or Ctrl-C.
pub async fn run(app: App, settings: Settings) -> Result<(), String> {
    let mut http = HttpBuilder::new(&settings.token);
    if let Some(url) = &settings.api_url {
        // serenity ignores the proxy while its rate limiter is on (#1739).
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let bot = Arc::new(Bot::new(app, settings.panic_on.clone()));
    let commands = slash::commands(bot.app.registry());
    let guild = settings.guild;
    let setup_bot = bot.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            on_error: |e| Box::pin(on_error(e)),
            event_handler: |ctx, event| Box::pin(on_event(ctx, event)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                register(&ctx.http, setup_bot.app.registry(), guild).await?;
                tracing::info!(user = %ready.user.name, "ready");
                tokio::spawn(scheduler(ctx.http.clone(), setup_bot.clone()));
                Ok(setup_bot)
            })
        })
        .build();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::empty())
        .framework(framework)
        .await
        .map_err(|e| format!("cannot start the Discord client: {e}"))?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        shards.shutdown_all().await;
    });
    // Several processes split the shards of one application; each handles
    // the interactions of its guilds (the database is shared).
    let result = match settings.shards {
        // serenity's range end is inclusive.
        Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
        None => client.start().await,
    };
    bot.app.store().close().await;
    result.map_err(|e| format!("the Discord client stopped: {e}"))
}

/// `xfiles-bot register`: registers the slash commands once, apart from the
/// interactions endpoint's replicas (which start without reaching Discord).
/// Returns how many were registered.
pub async fn register_commands(settings: Settings) -> Result<usize, String> {
    let http = app_http(&settings)?;
    let registry = crate::app::games::registry();
    register(&http, &registry, settings.guild)
        .await
        .map_err(|e| format!("cannot register the slash commands: {e}"))
}

/// The REST client of the application (`DISCORD_APPLICATION_ID` needed),
/// through `DISCORD_API_URL` when set.
fn app_http(settings: &Settings) -> Result<serenity::Http, String> {
    let app_id = settings.application_id.ok_or(
        "DISCORD_APPLICATION_ID is not set: copy the application's id (Developer Portal, General Information)",
    )?;
    let mut http = HttpBuilder::new(&settings.token).application_id(app_id.into());
    if let Some(url) = &settings.api_url {
        // serenity ignores the proxy while its rate limiter is on (#1739).
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    Ok(http.build())
}

/// Registers every slash command: in one server (instant) or globally.
/// The same list each time, so several processes may all do it.
async fn register(
    http: &serenity::Http,
    registry: &crate::app::Registry,
    guild: Option<u64>,
) -> Result<usize, serenity::Error> {
    let defs = definitions(registry);
    let count = defs.len();
    match guild {
        Some(g) => {
            serenity::GuildId::new(g).set_commands(http, defs).await?;
        }
        None => {
            serenity::Command::set_global_commands(http, defs).await?;
        }
    }
    tracing::info!(count, "slash commands registered");
    Ok(count)
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("SIGTERM handler");
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Sends reminders and applies deadlines when they fall due; sleeps until the
/// next one (or a change), at most [`MAX_SLEEP`].
async fn scheduler(http: Arc<serenity::Http>, bot: Arc<Bot>) {
    let mut last_prune = 0;
    loop {
        let now = crate::console::now_ms();
        let mut messages = bot.app.tick(now).await;
        if messages.iter().any(|m| m.owed.is_some()) {
            bot.fault_before_post();
        }
        messages.extend(bot.app.owed(now).await);
        if !messages.is_empty() {
            let req = system_request();
            let handled = crate::app::Handled {
                messages,
                replayed: false,
            };
            respond::deliver(&http, &bot, None, &req, handled).await;
        }
        if now - last_prune > 3_600_000 {
            last_prune = now;
            let _ = bot.app.store().prune_interactions(now - 86_400_000).await;
        }
        let next = bot.app.next_due().await;
        let wait = next
            .map(|at| Duration::from_millis((at - crate::console::now_ms()).max(0) as u64))
            .unwrap_or(MAX_SLEEP)
            .min(MAX_SLEEP)
            .max(Duration::from_millis(50));
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = bot.wake.notified() => {}
        }
    }
}

fn system_request() -> Request {
    Request {
        user: crate::app::User {
            id: String::new(),
            name: "scheduler".into(),
            is_manager: false,
            roles: vec![],
        },
        place: crate::app::Place {
            guild: None,
            channel: String::new(),
            is_dm: false,
        },
        invocation: Invocation {
            name: "tick".into(),
            sub: None,
            options: vec![],
        },
        key: String::new(),
        now: crate::console::now_ms(),
    }
}

async fn on_event(
    ctx: poise::FrameworkContext<'_, Data, BotError>,
    event: &FullEvent,
) -> Result<(), BotError> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(c),
    } = event
    {
        press(&ctx.serenity_context.http, ctx.user_data, c, None).await;
    }
    Ok(())
}

/// A button press runs the command it carries, as the user who pressed it;
/// a menu pick runs the menu's command with the picked values.
pub(crate) async fn press(
    http: &serenity::Http,
    bot: &Bot,
    c: &ComponentInteraction,
    reply: Option<&respond::HttpReply>,
) {
    let user = slash::user_of(&c.user, c.member.as_ref());
    let place = slash::place_of(c.guild_id, c.channel_id);
    let mut command = bot.button_command(&c.data.custom_id).await;
    if let serenity::ComponentInteractionDataKind::StringSelect { values } = &c.data.kind {
        let picked = bot.picked_values(values).await;
        command = command
            .zip(picked)
            .map(|(menu, picked)| crate::app::Menu::command_for(&menu, &picked));
    }
    let line = command.and_then(|cmd| {
        crate::console::parse_line(&format!("@u {cmd}"))
            .ok()
            .flatten()
    });
    let invocation = line.as_ref().map_or_else(
        || Invocation {
            name: "button".into(),
            sub: None,
            options: vec![],
        },
        |line| line.invocation(),
    );
    let req = Request {
        user,
        place,
        invocation,
        key: c.id.to_string(),
        now: crate::console::now_ms(),
    };
    let work = async {
        match line {
            Some(_) => bot.app.handle_once(&req).await,
            None => crate::app::Handled {
                messages: vec![crate::app::Outgoing::ephemeral(
                    &req.user.id,
                    "This button has expired; use the slash command instead (/help lists them).",
                )],
                replayed: false,
            },
        }
    };
    let origin = respond::Origin::component(c, reply);
    let (handled, ack) = respond::in_time(http, origin, work).await;
    respond::deliver(http, bot, Some((origin, ack)), &req, handled).await;
    bot.wake.notify_one();
}

/// Errors and panics: logged with the interaction id, and answered so no
/// interaction is left hanging.
async fn on_error(error: poise::FrameworkError<'_, Data, BotError>) {
    let (ctx, what) = match &error {
        poise::FrameworkError::CommandPanic { payload, ctx, .. } => (
            *ctx,
            format!("panic: {}", payload.as_deref().unwrap_or("(no message)")),
        ),
        poise::FrameworkError::Command { error, ctx, .. } => (*ctx, format!("error: {error}")),
        other => {
            tracing::warn!(error = %other, "framework error");
            return;
        }
    };
    let poise::Context::Application(actx) = ctx else {
        return;
    };
    tracing::error!(interaction = %actx.interaction.id, command = %actx.command().qualified_name, "{what}");
    let http = &actx.serenity_context().http;
    respond::report_failure(http, respond::Origin::command(actx.interaction, None)).await;
}
