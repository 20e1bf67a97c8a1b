//! Slash commands from the one command registry: their Discord definitions,
//! the poise commands that dispatch them, and the translation of an
//! interaction into an application [`Request`].

use poise::serenity_prelude as serenity;
use serenity::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    CreateCommand, CreateCommandOption, InteractionContext,
};

use super::{BotError, Ctx, clip, respond};
use crate::app::{CommandSpec, Invocation, OptKind, OptionValue, Place, Registry, Request, User};

/// The largest integer option value Discord accepts.
const MAX_INT: i64 = (1 << 53) - 1;
/// Largest attachment read as a deck file.
const MAX_FILE: u32 = 512 * 1024;
/// Text options whose values come from the game (hand cards, Agents, players).
const GAME_NAMED: &[&str] = &[
    "agent", "agents", "to", "cards", "player", "out", "in", "card",
];

fn autocompletes(registry: &Registry, spec: &CommandSpec, o: &crate::app::OptionSpec) -> bool {
    match o.kind {
        OptKind::Card | OptKind::Deck | OptKind::Game => true,
        OptKind::Text => registry.is_game_command(spec.name) && GAME_NAMED.contains(&o.name),
        _ => false,
    }
}

fn option(
    registry: &Registry,
    spec: &CommandSpec,
    o: &crate::app::OptionSpec,
) -> CreateCommandOption {
    let kind = match o.kind {
        OptKind::Int { .. } => CommandOptionType::Integer,
        OptKind::Bool => CommandOptionType::Boolean,
        OptKind::File => CommandOptionType::Attachment,
        OptKind::Role => CommandOptionType::Role,
        _ => CommandOptionType::String,
    };
    let mut b = CreateCommandOption::new(kind, o.name, clip(o.about, 100)).required(o.required);
    match o.kind {
        OptKind::Int { min, max } => {
            // Discord's integers are at most 2^53 - 1 (its spec's Int53Type).
            b = b
                .min_int_value(min.max(0) as u64)
                .max_int_value(max.min(MAX_INT) as u64);
        }
        OptKind::Choice(choices) if choices.len() <= 25 => {
            for c in choices {
                b = b.add_string_choice(*c, *c);
            }
        }
        OptKind::Choice(_) => b = b.set_autocomplete(true),
        _ => {}
    }
    if autocompletes(registry, spec, o) {
        b = b.set_autocomplete(true);
    }
    b
}

/// Options in Discord's order: required ones first.
fn ordered(spec: &CommandSpec) -> Vec<&crate::app::OptionSpec> {
    let mut opts: Vec<&crate::app::OptionSpec> = spec.options.iter().collect();
    opts.sort_by_key(|o| !o.required);
    opts
}

/// The Discord definition of every command, built from the registry.
pub fn definitions(registry: &Registry) -> Vec<CreateCommand> {
    let mut names: Vec<&str> = registry.commands().iter().map(|c| c.name).collect();
    names.dedup();
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for name in names {
        if seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let specs: Vec<&CommandSpec> = registry
            .commands()
            .iter()
            .filter(|c| c.name == name)
            .collect();
        let contexts = vec![InteractionContext::Guild, InteractionContext::BotDm];
        let mut cmd = CreateCommand::new(name).contexts(contexts);
        if specs[0].sub.is_none() {
            cmd = cmd.description(clip(specs[0].about, 100));
            for o in ordered(specs[0]) {
                cmd = cmd.add_option(option(registry, specs[0], o));
            }
        } else {
            cmd = cmd.description(format!("/{name} commands"));
            for spec in specs {
                let mut sub = CreateCommandOption::new(
                    CommandOptionType::SubCommand,
                    spec.sub.expect("grouped by subcommand"),
                    clip(spec.about, 100),
                );
                for o in ordered(spec) {
                    sub = sub.add_sub_option(option(registry, spec, o));
                }
                cmd = cmd.add_option(sub);
            }
        }
        out.push(cmd);
    }
    out
}

/// The poise commands: one dispatcher for every command and subcommand, and
/// the autocomplete hook on the options that have one.
pub fn commands(registry: &Registry) -> Vec<poise::Command<super::Data, BotError>> {
    let mut out: Vec<poise::Command<super::Data, BotError>> = Vec::new();
    for spec in registry.commands() {
        let leaf = poise::Command {
            name: spec.sub.unwrap_or(spec.name).into(),
            qualified_name: spec.label().trim_start_matches('/').to_string().into(),
            description: Some(clip(spec.about, 100).into()),
            slash_action: Some(|ctx| Box::pin(run(ctx))),
            parameters: spec
                .options
                .iter()
                .map(|o| poise::CommandParameter {
                    name: o.name.into(),
                    name_localizations: Default::default(),
                    description: Some(clip(o.about, 100).into()),
                    description_localizations: Default::default(),
                    required: o.required,
                    channel_types: None,
                    choices: Default::default(),
                    // Registration is built from the registry (`definitions`),
                    // so the type is not needed here.
                    type_setter: None,
                    autocomplete_callback: autocompletes(registry, spec, o)
                        .then_some(autocomplete as AutocompleteFn),
                    __non_exhaustive: (),
                })
                .collect(),
            ..Default::default()
        };
        match spec.sub {
            None => out.push(leaf),
            Some(_) => match out.iter_mut().find(|c| c.name == spec.name) {
                Some(parent) => parent.subcommands.push(leaf),
                None => out.push(poise::Command {
                    name: spec.name.into(),
                    qualified_name: spec.name.into(),
                    description: Some(format!("/{} commands", spec.name).into()),
                    subcommands: vec![leaf],
                    subcommand_required: true,
                    // poise only descends into commands that have an action.
                    slash_action: Some(|ctx| Box::pin(run(ctx))),
                    ..Default::default()
                }),
            },
        }
    }
    out
}

type AutocompleteFn =
    for<'a> fn(Ctx<'a>, &'a str) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse>;

async fn run(ctx: Ctx<'_>) -> Result<(), poise::FrameworkError<'_, super::Data, BotError>> {
    let http = ctx.serenity_context().http.clone();
    handle(&http, ctx.data(), ctx.interaction, None).await;
    Ok(())
}

/// A slash command: handled (deferred only when slow), answered, and its
/// posts and DMs delivered. `reply`: the interactions endpoint's HTTP reply.
pub async fn handle(
    http: &serenity::Http,
    bot: &super::Bot,
    interaction: &CommandInteraction,
    reply: Option<&respond::HttpReply>,
) {
    let origin = respond::Origin::command(interaction, reply);
    let work = async {
        let req = request(interaction, true).await;
        bot.fault_check(&req);
        let (handled, ()) = tokio::join!(bot.app.handle_once(&req), bot.open_dm_ahead(http, &req));
        (req, handled)
    };
    let ((req, handled), ack) = respond::in_time(http, origin, work).await;
    respond::deliver(http, bot, Some((origin, ack)), &req, handled).await;
    bot.wake.notify_one();
}

/// Autocomplete choices for the focused option of a partly typed command.
pub async fn choices(
    bot: &super::Bot,
    interaction: &CommandInteraction,
) -> serenity::CreateAutocompleteResponse {
    let (focused, partial) = interaction
        .data
        .autocomplete()
        .map(|o| (o.name.to_string(), o.value.to_string()))
        .unwrap_or_default();
    let req = request(interaction, false).await;
    let choices = bot.app.suggest(&req, &focused, &partial).await;
    serenity::CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .map(|c| serenity::AutocompleteChoice::new(clip(&c.label, 100), clip(&c.value, 100)))
            .collect(),
    )
}

fn autocomplete<'a>(
    ctx: Ctx<'a>,
    _partial: &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(async move { choices(ctx.data(), ctx.interaction).await })
}

/// The user as the application layer sees them. Their display name is
/// made inert in Markdown here, once, so every message that names them
/// shows it as typed and it can never make a link, a spoiler or a ping.
pub fn user_of(interaction_user: &serenity::User, member: Option<&serenity::Member>) -> User {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| interaction_user.global_name.clone())
        .unwrap_or_else(|| interaction_user.name.clone());
    let name = crate::app::command::names::inert(&name);
    User {
        id: interaction_user.id.to_string(),
        name,
        is_manager: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        roles: member.map_or_else(Vec::new, |m| {
            m.roles.iter().map(|r| r.to_string()).collect()
        }),
    }
}

pub fn place_of(guild: Option<serenity::GuildId>, channel: serenity::ChannelId) -> Place {
    Place {
        guild: guild.map(|g| g.to_string()),
        channel: channel.to_string(),
        is_dm: guild.is_none(),
    }
}

/// The request a slash command stands for; attachments are downloaded when
/// `files` is set (not for autocomplete).
pub async fn request(i: &CommandInteraction, files: bool) -> Request {
    let mut sub = None;
    let mut raw: &[CommandDataOption] = &i.data.options;
    if let Some(first) = raw.first()
        && let CommandDataOptionValue::SubCommand(inner) = &first.value
    {
        sub = Some(first.name.clone());
        raw = inner;
    }
    let mut options = Vec::new();
    for o in raw {
        let value = match &o.value {
            CommandDataOptionValue::String(s) => OptionValue::Text(s.clone()),
            CommandDataOptionValue::Integer(n) => OptionValue::Text(n.to_string()),
            CommandDataOptionValue::Number(n) => OptionValue::Text(n.to_string()),
            CommandDataOptionValue::Boolean(b) => OptionValue::Text(b.to_string()),
            CommandDataOptionValue::Role(r) => OptionValue::Text(r.to_string()),
            CommandDataOptionValue::Autocomplete { value, .. } => OptionValue::Text(value.clone()),
            CommandDataOptionValue::Attachment(id) => {
                let attachment = i.data.resolved.attachments.get(id);
                let name =
                    attachment.map_or_else(|| "attachment".to_string(), |a| a.filename.clone());
                let content = match attachment {
                    Some(_) if !files => Err("not read".to_string()),
                    Some(a) if a.size > MAX_FILE => Err(format!(
                        "{} is {} KB; deck files are at most {} KB",
                        a.filename,
                        a.size / 1024,
                        MAX_FILE / 1024
                    )),
                    Some(a) => match a.download().await {
                        Ok(bytes) => String::from_utf8(bytes)
                            .map_err(|_| format!("{} is not a text file", a.filename)),
                        Err(e) => Err(format!("could not download {} ({e})", a.filename)),
                    },
                    None => Err("the attachment is missing from the interaction".into()),
                };
                OptionValue::File { name, content }
            }
            _ => continue,
        };
        options.push((o.name.clone(), value));
    }
    Request {
        user: user_of(&i.user, i.member.as_deref()),
        place: place_of(i.guild_id, i.channel_id),
        invocation: Invocation {
            name: i.data.name.clone(),
            sub,
            options,
        },
        key: i.id.to_string(),
        now: crate::console::now_ms(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Discord counts against a command's 4,000 characters: every
    /// name, description and choice value, options included.
    fn counted(v: &serde_json::Value) -> usize {
        match v {
            serde_json::Value::Object(m) => m
                .iter()
                .map(|(k, x)| match (k.as_str(), x) {
                    ("name" | "description" | "value", serde_json::Value::String(s)) => {
                        s.chars().count()
                    }
                    _ => counted(x),
                })
                .sum(),
            serde_json::Value::Array(a) => a.iter().map(counted).sum(),
            _ => 0,
        }
    }

    /// Discord refuses the whole registration if one command breaks a limit.
    #[test]
    fn every_command_definition_fits_discords_limits() {
        let registry = crate::app::games::registry();
        let defs = definitions(&registry);
        assert!(defs.len() <= 100, "100 global commands at most");
        let mut names = Vec::new();
        for def in defs {
            let v = serde_json::to_value(&def).expect("serialises");
            let name = v["name"].as_str().unwrap().to_string();
            assert!((1..=32).contains(&name.len()), "{name}");
            assert!(!names.contains(&name), "{name} twice");
            names.push(name.clone());
            assert!(v["description"].as_str().unwrap().chars().count() <= 100);
            let total = counted(&v);
            assert!(total <= 4000, "{name}: {total} characters");
            let mut groups = vec![v["options"].clone()];
            for sub in v["options"].as_array().into_iter().flatten() {
                if sub["type"] == 1 {
                    groups.push(sub["options"].clone());
                }
            }
            for opts in groups {
                let opts = opts.as_array().cloned().unwrap_or_default();
                assert!(opts.len() <= 25, "{name}");
                let mut optional_seen = false;
                for o in &opts {
                    if o["type"] == 1 {
                        continue;
                    }
                    let required = o["required"].as_bool().unwrap_or(false);
                    assert!(
                        !(required && optional_seen),
                        "{name}: required after optional"
                    );
                    optional_seen |= !required;
                    assert!(o["description"].as_str().unwrap().chars().count() <= 100);
                    assert!(o["choices"].as_array().map_or(0, Vec::len) <= 25);
                }
            }
        }
        for expected in [
            "card", "rules", "deck", "game", "hand", "play", "guess", "pass",
        ] {
            assert!(names.iter().any(|n| n == expected), "{expected}");
        }
    }

    #[test]
    fn poise_commands_mirror_the_registry() {
        let registry = crate::app::games::registry();
        let commands = commands(&registry);
        let game = commands.iter().find(|c| c.name == "game").expect("/game");
        let subs: Vec<&str> = game.subcommands.iter().map(|c| c.name.as_ref()).collect();
        for s in [
            "new", "join", "start", "cancel", "advance", "vacation", "stats",
        ] {
            assert!(subs.contains(&s), "{s}");
        }
        assert!(
            game.slash_action.is_some(),
            "poise descends only into commands with an action"
        );
        let play = commands.iter().find(|c| c.name == "play").expect("/play");
        let card = play.parameters.iter().find(|p| p.name == "card").unwrap();
        assert!(card.autocomplete_callback.is_some());
    }
}
