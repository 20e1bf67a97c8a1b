//! Delivers the application's [`Outgoing`] messages on Discord: channel posts
//! (with pings, buttons and the game's thread), DMs (remembering users whose
//! DMs fail, so they are not retried on every event), and ephemeral replies
//! to the interaction, all cut to Discord's limits by `limits`.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateThread, EditInteractionResponse, Http,
    UserId,
};

use super::limits::outgoing_pieces;
use super::render::{attachments, components, embed_of};
use super::{Bot, clip};
use crate::app::{Address, Button, Handled, Outgoing, Request};

/// A reply to the interaction (only its text, controls, files and embed
/// are used).
type Reply = Outgoing;

/// A reply of text only.
fn note(text: impl Into<String>) -> Reply {
    Outgoing::ephemeral("", text)
}

/// A user whose DMs failed is not tried again for this long, unless they act.
const DM_RETRY_MS: i64 = 6 * 3600 * 1000;

/// The interaction a delivery answers (none for the scheduler's messages),
/// and, on the interactions endpoint, the HTTP reply its first response
/// goes in.
#[derive(Clone, Copy)]
pub struct Origin<'a> {
    of: Of<'a>,
    reply: Option<&'a HttpReply>,
}

#[derive(Clone, Copy)]
enum Of<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

/// The HTTP reply to an interaction delivered to the interactions endpoint:
/// the interaction's first response, sent once.
pub struct HttpReply(std::sync::Mutex<Option<tokio::sync::oneshot::Sender<serde_json::Value>>>);

impl HttpReply {
    pub fn new(tx: tokio::sync::oneshot::Sender<serde_json::Value>) -> HttpReply {
        HttpReply(std::sync::Mutex::new(Some(tx)))
    }

    /// Sends `r` as the HTTP reply; false when it was sent already.
    fn send(&self, r: &CreateInteractionResponse) -> bool {
        let Some(tx) = self.0.lock().expect("reply lock").take() else {
            return false;
        };
        let json = serde_json::to_value(r).expect("responses serialise");
        tx.send(json).is_ok()
    }
}

/// Handling that takes longer than this gets a deferral first (Discord
/// wants the first response within 3 s of the interaction).
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

impl<'a> Origin<'a> {
    pub fn command(i: &'a CommandInteraction, reply: Option<&'a HttpReply>) -> Origin<'a> {
        Origin {
            of: Of::Command(i),
            reply,
        }
    }

    pub fn component(i: &'a ComponentInteraction, reply: Option<&'a HttpReply>) -> Origin<'a> {
        Origin {
            of: Of::Component(i),
            reply,
        }
    }

    /// The interaction's id (the reference an error reply quotes).
    pub fn id(&self) -> serenity::InteractionId {
        match self.of {
            Of::Command(i) => i.id,
            Of::Component(i) => i.id,
        }
    }

    /// The first response: in the HTTP reply when there is one, else a call.
    async fn respond(&self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        if self.reply.is_some_and(|reply| reply.send(&r)) {
            return Ok(());
        }
        match self.of {
            Of::Command(i) => i.create_response(http, r).await,
            Of::Component(i) => i.create_response(http, r).await,
        }
    }

    /// Edits the first response. A deferral sent as the HTTP reply may not
    /// have reached Discord yet (Unknown Message): tried again shortly.
    async fn edit(&self, http: &Http, b: EditInteractionResponse) -> serenity::Result<()> {
        let mut tries = if self.reply.is_some() { 5 } else { 1 };
        loop {
            let result = match self.of {
                Of::Command(i) => i.edit_response(http, b.clone()).await.map(|_| ()),
                Of::Component(i) => i.edit_response(http, b.clone()).await.map(|_| ()),
            };
            tries -= 1;
            match result {
                Err(e) if tries > 0 && error_code(&e) == Some(UNKNOWN_MESSAGE) => {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                other => return other,
            }
        }
    }

    async fn followup(
        &self,
        http: &Http,
        b: CreateInteractionResponseFollowup,
    ) -> serenity::Result<()> {
        match self.of {
            Of::Command(i) => i.create_followup(http, b).await.map(|_| ()),
            Of::Component(i) => i.create_followup(http, b).await.map(|_| ()),
        }
    }
}

/// Tells the user something went wrong on our side, with the interaction's
/// id as the reference: as the response, or by editing the one sent.
pub async fn report_failure(http: &Http, origin: Origin<'_>) {
    let text = format!(
        "Something went wrong on our side (reference {}). Nothing was changed; please try again.",
        origin.id()
    );
    let response = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .ephemeral(true)
            .content(text.clone()),
    );
    let sent = match origin.respond(http, response).await {
        Err(e) if already_acknowledged(&e) => {
            origin
                .edit(http, EditInteractionResponse::new().content(text))
                .await
        }
        other => other,
    };
    if let Err(e) = sent {
        tracing::warn!(error = %e, "cannot report the error to the user");
    }
}

/// How far the interaction has been answered.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ack {
    /// Nothing sent yet: the answer is the interaction's response.
    Pending,
    /// Deferred: the answer edits the deferred response.
    Deferred,
    /// Answered: anything more is a follow-up.
    Answered,
}

/// Runs the handling; when it is not done within [`DEFER_AFTER`], defers
/// while it goes on. A quick command costs no deferral at all.
pub async fn in_time<T>(
    http: &Http,
    origin: Origin<'_>,
    work: impl std::future::Future<Output = T>,
) -> (T, Ack) {
    let mut work = std::pin::pin!(work);
    tokio::select! {
        out = &mut work => return (out, Ack::Pending),
        _ = tokio::time::sleep(DEFER_AFTER) => {}
    }
    let (out, ack) = tokio::join!(work, defer(http, origin));
    (out, ack)
}

/// An ephemeral deferral ("thinking…"). Another process may have
/// acknowledged a redelivered interaction already (40060): then the answer
/// edits that response.
pub async fn defer(http: &Http, origin: Origin<'_>) -> Ack {
    let r =
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true));
    match origin.respond(http, r).await {
        Ok(()) => Ack::Deferred,
        Err(e) if already_acknowledged(&e) => Ack::Deferred,
        Err(e) => {
            tracing::warn!(error = %e, "cannot defer the interaction");
            Ack::Pending
        }
    }
}

/// What the deliveries of one request did: where they posted, and what
/// the acting user must be told in their reply.
#[derive(Default)]
struct Delivered {
    posted: Vec<String>,
    replies: Vec<Reply>,
}

impl Delivered {
    fn merge(&mut self, other: Delivered) {
        self.posted.extend(other.posted);
        self.replies.extend(other.replies);
    }
}

/// Sends every message of a handled request, then marks the posts and DMs
/// its changes owed delivered (the outbox). A redelivered interaction
/// (`replayed`) only gets its reply: its posts and DMs went out the first time.
/// The reply goes out together with the posts and DMs, unless it must name
/// a thread they open.
pub async fn deliver(
    http: &Http,
    bot: &Bot,
    origin: Option<(Origin<'_>, Ack)>,
    req: &Request,
    handled: Handled,
) {
    // A replay sends no posts: what its first delivery owed stays owed.
    let owed: Vec<Outgoing> = handled
        .messages
        .iter()
        .filter(|m| m.owed.is_some() && !handled.replayed)
        .cloned()
        .collect();
    send(http, bot, origin, req, handled).await;
    bot.app.delivered(&owed).await;
}

async fn send(
    http: &Http,
    bot: &Bot,
    origin: Option<(Origin<'_>, Ack)>,
    req: &Request,
    handled: Handled,
) {
    let invoker = req.user.id.as_str();
    let mut replies: Vec<Reply> = Vec::new();
    let mut out: Vec<Outgoing> = Vec::new();
    for m in handled.messages {
        match &m.to {
            Address::Ephemeral(u) if origin.is_some() && u == invoker => {
                replies.push(m);
            }
            _ if handled.replayed => {}
            Address::Ephemeral(u) => out.push(Outgoing {
                to: Address::Dm(u.clone()),
                ..m.clone()
            }),
            _ => out.push(m),
        }
    }
    let Some((origin, ack)) = origin else {
        deliver_all(http, bot, None, out).await;
        return;
    };
    if handled.replayed && replies.is_empty() {
        replies.push(note("Already done: this command was handled before."));
    }
    if out.iter().any(|m| m.thread.is_some()) {
        let (done, ack) = match ack {
            Ack::Pending => tokio::join!(
                deliver_all(http, bot, Some(invoker), out),
                defer(http, origin)
            ),
            ack => (deliver_all(http, bot, Some(invoker), out).await, ack),
        };
        let posted = done.posted.clone();
        replies.extend(done.replies);
        if replies.is_empty() {
            replies.push(note(done_text(posted)));
        }
        answer(http, bot, origin, ack, replies).await;
        return;
    }
    if replies.is_empty() {
        let planned = out
            .iter()
            .filter_map(|m| match &m.to {
                Address::Channel(c) => Some(c.clone()),
                _ => None,
            })
            .collect();
        replies.push(note(done_text(planned)));
    }
    let (ack, done) = tokio::join!(
        answer(http, bot, origin, ack, replies),
        deliver_all(http, bot, Some(invoker), out)
    );
    if !done.replies.is_empty() {
        answer(http, bot, origin, ack, done.replies).await;
    }
}

fn done_text(mut posted: Vec<String>) -> String {
    if posted.is_empty() {
        return "Done.".to_string();
    }
    posted.dedup();
    let places: Vec<String> = posted.iter().map(|c| format!("<#{c}>")).collect();
    format!("Done: see {}.", places.join(" and "))
}

/// Where a message goes, for keeping each place's messages in order.
fn destination(m: &Outgoing) -> String {
    match &m.to {
        Address::Channel(c) => format!("c{c}"),
        Address::Dm(u) | Address::Ephemeral(u) => format!("u{u}"),
    }
}

/// Posts and DMs: each place's messages in order, the places at once.
/// Messages up to one that opens a thread go first, one by one, since
/// the later ones name that thread.
async fn deliver_all(
    http: &Http,
    bot: &Bot,
    acting: Option<&str>,
    mut messages: Vec<Outgoing>,
) -> Delivered {
    let first = messages
        .iter()
        .rposition(|m| m.thread.is_some())
        .map_or(0, |i| i + 1);
    let rest = messages.split_off(first);
    let mut done = Delivered::default();
    let mut moved: Option<(i64, String, String)> = None;
    for m in messages {
        let thread = deliver_one(http, bot, acting, &m, &mut done).await;
        if let (Some(t), Some(g), Address::Channel(c)) = (thread, m.game, &m.to) {
            moved = Some((g, c.clone(), t));
        }
    }
    let mut groups: Vec<(String, Vec<Outgoing>)> = Vec::new();
    for mut m in rest {
        if let (Some((game, from, to)), Some(g)) = (&moved, m.game)
            && *game == g
        {
            m.text = m.text.replace(&format!("<#{from}>"), &format!("<#{to}>"));
        }
        let key = destination(&m);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(m),
            None => groups.push((key, vec![m])),
        }
    }
    let sends = groups.into_iter().map(|(_, list)| async move {
        let mut done = Delivered::default();
        for m in &list {
            deliver_one(http, bot, acting, m, &mut done).await;
        }
        done
    });
    for d in futures_util::future::join_all(sends).await {
        done.merge(d);
    }
    done
}

/// One post or DM; returns the thread a post opened.
async fn deliver_one(
    http: &Http,
    bot: &Bot,
    acting: Option<&str>,
    m: &Outgoing,
    done: &mut Delivered,
) -> Option<String> {
    match &m.to {
        Address::Channel(c) => match post(http, bot, c, m).await {
            Ok(thread) => {
                done.posted.push(c.clone());
                done.posted.extend(thread.clone());
                thread
            }
            Err(e) => {
                tracing::warn!(channel = %c, error = %e, "cannot post in channel");
                done.replies.push(note(format!("I could not post in <#{c}> ({e}). Check that I may send messages and create threads there.")));
                None
            }
        },
        _ => {
            done.replies.extend(send_dm(http, bot, m, acting).await);
            None
        }
    }
}

/// Answers the interaction: the first piece is the response (or edits the
/// deferred one), the rest are ephemeral follow-ups; buttons, menus, files
/// and the embed go with each reply's last piece (with an embed that fits,
/// the embed is the whole reply).
async fn answer(
    http: &Http,
    bot: &Bot,
    origin: Origin<'_>,
    mut ack: Ack,
    replies: Vec<Reply>,
) -> Ack {
    for m in replies {
        let embed = m.embed.as_ref().and_then(embed_of);
        let pieces = outgoing_pieces(&m);
        let last = pieces.len() - 1;
        for (i, piece) in pieces.into_iter().map(|p| p.content).enumerate() {
            let part = if i == last {
                Part {
                    rows: components(bot, &m.buttons, &m.menus).await,
                    files: attachments(&m.files),
                    embed: embed.clone(),
                }
            } else {
                Part::default()
            };
            // An HTTP reply carries no files: defer there, then edit them in.
            if ack == Ack::Pending && !part.files.is_empty() && origin.reply.is_some() {
                ack = defer(http, origin).await;
            }
            let result = match ack {
                Ack::Pending => {
                    let mut r = CreateInteractionResponseMessage::new()
                        .ephemeral(true)
                        .content(piece.clone())
                        .components(part.rows.clone())
                        .add_files(part.files.clone());
                    if let Some(e) = &part.embed {
                        r = r.embed(e.clone());
                    }
                    match origin
                        .respond(http, CreateInteractionResponse::Message(r))
                        .await
                    {
                        // Acknowledged elsewhere (a redelivery): edit that response.
                        Err(e) if already_acknowledged(&e) => edit(http, origin, piece, part).await,
                        other => other,
                    }
                }
                Ack::Deferred => edit(http, origin, piece, part).await,
                Ack::Answered => {
                    let mut b = CreateInteractionResponseFollowup::new()
                        .ephemeral(true)
                        .content(piece)
                        .components(part.rows)
                        .add_files(part.files);
                    if let Some(e) = part.embed {
                        b = b.embed(e);
                    }
                    origin.followup(http, b).await
                }
            };
            ack = Ack::Answered;
            if let Err(e) = result {
                tracing::warn!(error = %e, "cannot answer the interaction");
            }
        }
    }
    ack
}

/// What goes with a reply's last piece.
#[derive(Default)]
struct Part {
    rows: Vec<CreateActionRow>,
    files: Vec<CreateAttachment>,
    embed: Option<CreateEmbed>,
}

async fn edit(http: &Http, origin: Origin<'_>, piece: String, part: Part) -> serenity::Result<()> {
    let mut b = EditInteractionResponse::new()
        .content(piece)
        .components(part.rows);
    if let Some(e) = part.embed {
        b = b.embed(e);
    }
    for f in part.files {
        b = b.new_attachment(f);
    }
    origin.edit(http, b).await
}

/// Posts in a channel: pings where the text names them (the others on a
/// line before it), each piece pinging at most 100 users; buttons, files
/// and the embed under the last piece, and a thread opened from the first
/// piece when the message asks for one.
async fn post(
    http: &Http,
    bot: &Bot,
    channel: &str,
    m: &Outgoing,
) -> Result<Option<String>, String> {
    let id: u64 = channel
        .parse()
        .map_err(|_| format!("'{channel}' is not a channel id"))?;
    let channel_id = ChannelId::new(id);
    let mut buttons = m.buttons.clone();
    if let (Some(game), false) = (m.game, m.ping.is_empty()) {
        buttons.push(Button {
            label: "My hand".into(),
            command: format!("/hand game:{game}"),
        });
    }
    // With an embed, the content is only the pings: the embed says the rest.
    let embed = m.embed.as_ref().and_then(embed_of);
    let pieces = outgoing_pieces(m);
    let last = pieces.len() - 1;
    let mut first_message = None;
    for (i, piece) in pieces.into_iter().enumerate() {
        let pinged: Vec<UserId> = piece
            .pings
            .iter()
            .filter_map(|u| u.parse().ok())
            .map(UserId::new)
            .collect();
        let mut msg = CreateMessage::new()
            .content(piece.content)
            .allowed_mentions(CreateAllowedMentions::new().users(pinged));
        if i == last {
            msg = msg
                .components(components(bot, &buttons, &m.menus).await)
                .add_files(attachments(&m.files));
            if let Some(e) = &embed {
                msg = msg.embed(e.clone());
            }
        }
        let sent = channel_id
            .send_message(http, msg)
            .await
            .map_err(|e| e.to_string())?;
        first_message.get_or_insert(sent.id);
    }
    match (&m.thread, m.game, first_message) {
        (Some(title), Some(game), Some(message)) => {
            Ok(open_thread(http, bot, channel_id, message, title, game).await)
        }
        _ => Ok(None),
    }
}

/// Opens a game's thread from its first message and records it; a thread
/// that cannot be opened leaves the game in its channel.
async fn open_thread(
    http: &Http,
    bot: &Bot,
    channel: ChannelId,
    message: serenity::MessageId,
    title: &str,
    game: i64,
) -> Option<String> {
    let options = CreateThread::new(clip(title, 100))
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match channel
        .create_thread_from_message(http, message, options)
        .await
    {
        Ok(t) => {
            if let Err(e) = bot.app.attach_thread(game, &t.id.to_string()).await {
                tracing::warn!(game, error = %e, "cannot record the game's thread");
            }
            Some(t.id.to_string())
        }
        Err(e) => {
            tracing::warn!(game, error = %e, "cannot open a thread; the game stays in its channel");
            None
        }
    }
}

/// Discord's JSON error code of a failed call.
fn error_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// Discord's 10008: no such message (yet).
const UNKNOWN_MESSAGE: isize = 10008;

/// Discord's 40060: the interaction was answered before.
pub fn already_acknowledged(e: &serenity::Error) -> bool {
    error_code(e) == Some(40060)
}

/// Is this the "Cannot send messages to this user" family of errors?
fn dm_refused(e: &serenity::Error) -> bool {
    let forbidden = matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 403);
    forbidden || error_code(e).is_some_and(|c| [50007, 50278].contains(&c))
}

/// Opens the DM channel with a user (Discord returns the existing one).
pub async fn open_dm_channel(http: &Http, user: &str) -> Result<String, Option<serenity::Error>> {
    let uid: u64 = user.parse().map_err(|_| None)?;
    let channel = UserId::new(uid)
        .create_dm_channel(http)
        .await
        .map_err(Some)?;
    Ok(channel.id.to_string())
}

/// Sends a DM. When DMs to the user fail, says so once in the game's channel
/// (without the content) and, if the user is the one acting, shows them the
/// content in their reply instead.
async fn send_dm(http: &Http, bot: &Bot, m: &Outgoing, acting: Option<&str>) -> Option<Reply> {
    let Address::Dm(user) = &m.to else {
        return None;
    };
    let is_actor = acting == Some(user.as_str());
    let now = crate::console::now_ms();
    let mut record = bot.dm_record(user).await;
    if let Some(failed) = record.failed_at
        && !is_actor
        && now - failed < DM_RETRY_MS
    {
        return None;
    }
    let result = async {
        let channel = match &record.channel {
            Some(c) => c.clone(),
            None => open_dm_channel(http, user).await?,
        };
        record.channel = Some(channel.clone());
        let channel_id = ChannelId::new(channel.parse().map_err(|_| None)?);
        let pieces = outgoing_pieces(m);
        let last = pieces.len() - 1;
        for (i, piece) in pieces.into_iter().enumerate() {
            let mut msg = CreateMessage::new().content(piece.content);
            if i == last {
                msg = msg
                    .components(components(bot, &m.buttons, &m.menus).await)
                    .add_files(attachments(&m.files));
            }
            channel_id.send_message(http, msg).await.map_err(Some)?;
        }
        Ok::<(), Option<serenity::Error>>(())
    }
    .await;
    match result {
        Ok(()) => {
            if record.failed_at.is_some() || bot.dm_changed(user, &record) {
                record.failed_at = None;
                bot.set_dm_record(user, &record, now).await;
            }
            None
        }
        Err(Some(e)) if dm_refused(&e) => {
            let first_failure = record.failed_at.is_none();
            record.failed_at = Some(now);
            bot.set_dm_record(user, &record, now).await;
            if first_failure && let Some(game) = m.game {
                announce_closed_dms(http, bot, game, user).await;
            }
            is_actor.then(|| Outgoing {
                text: format!(
                    "I cannot send you direct messages, so here is what I tried to send (only you see this). To get them by DM, allow direct messages from this server's members.\n{}",
                    m.text
                ),
                embed: None,
                ..m.clone()
            })
        }
        Err(e) => {
            tracing::warn!(user = %user, error = ?e, "cannot send a DM");
            None
        }
    }
}

async fn announce_closed_dms(http: &Http, bot: &Bot, game: i64, user: &str) {
    let Ok(Some(row)) = bot.app.store().game(game).await else {
        return;
    };
    let home = row.thread_id.unwrap_or(row.channel_id);
    let text = format!(
        "I cannot send direct messages to <@{user}>, so their private game messages are held back. They can see their cards with /hand (only they see the answer), and should allow direct messages from this server's members."
    );
    let note = Outgoing::channel(&home, text).in_game(game);
    if let Err(e) = post(http, bot, &home, &note).await {
        tracing::warn!(game, error = %e, "cannot report closed DMs");
    }
}
