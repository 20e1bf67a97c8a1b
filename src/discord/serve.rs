//! `xfiles-bot serve`: the bot as Discord's *interactions endpoint* — an
//! HTTP server Discord POSTs each interaction to, with no gateway at all.
//! It holds no state of its own, so any number of replicas can run behind
//! a load balancer on one database (each runs the scheduler; reminders and
//! deadlines are claimed in the database).
//!
//! Every request must carry a valid Ed25519 signature by the application's
//! public key over timestamp + body (`X-Signature-Ed25519`,
//! `X-Signature-Timestamp`); anything else is refused with 401 and logged,
//! and nothing is handled. The interaction's first response is the HTTP
//! reply itself; posts, DMs and follow-ups go through the REST API.

use std::net::SocketAddr;
use std::sync::Arc;

use futures_util::FutureExt;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use poise::serenity_prelude as serenity;
use ring::signature::{ED25519, UnparsedPublicKey};
use serenity::{HttpBuilder, Interaction};
use tokio::net::TcpListener;

use super::{Bot, Settings, respond, scheduler, shutdown_signal, slash};
use crate::app::App;

/// Largest interaction body read (Discord's are a few KB).
const MAX_BODY: usize = 1 << 20;

/// Runs the endpoint on `listen` until SIGTERM or Ctrl-C.
pub async fn serve(app: App, settings: Settings, listen: SocketAddr) -> Result<(), String> {
    let key = settings.public_key.as_deref().ok_or(
        "DISCORD_PUBLIC_KEY is not set: copy the application's public key (Developer Portal, General Information)",
    )?;
    let key = public_key(key)?;
    let app_id = settings.application_id.ok_or(
        "DISCORD_APPLICATION_ID is not set: copy the application's id (Developer Portal, General Information)",
    )?;
    let mut http = HttpBuilder::new(&settings.token).application_id(app_id.into());
    if let Some(url) = &settings.api_url {
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    let http = Arc::new(http.build());
    let bot = Arc::new(Bot::new(app, settings.panic_on.clone()));
    super::register(&http, &bot, settings.guild)
        .await
        .map_err(|e| format!("cannot register the slash commands: {e}"))?;
    let listener = TcpListener::bind(listen)
        .await
        .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    tracing::info!(address = %bound, "interactions endpoint listening on {bound}");
    tokio::spawn(scheduler(http.clone(), bot.clone()));
    let shutdown = shutdown_signal();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot accept a connection");
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let (bot, http) = (bot.clone(), http.clone());
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| {
                let (bot, http) = (bot.clone(), http.clone());
                async move {
                    Ok::<_, std::convert::Infallible>(route(req, peer, key, &bot, &http).await)
                }
            });
            let io = hyper_util::rt::TokioIo::new(stream);
            if let Err(e) = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, service)
                .await
            {
                tracing::debug!(error = %e, "connection closed");
            }
        });
    }
    tracing::info!("shutting down");
    bot.app.store().close().await;
    Ok(())
}

/// A hex public key as its 32 bytes.
fn public_key(hex: &str) -> Result<[u8; 32], String> {
    let bytes = from_hex(hex.trim()).filter(|b| b.len() == 32);
    bytes.map_or_else(
        || Err("DISCORD_PUBLIC_KEY is not a public key (64 hexadecimal digits)".into()),
        |b| Ok(b.try_into().expect("32 bytes")),
    )
}

fn from_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Is `body` signed by `key`, as Discord signs: Ed25519 over timestamp + body.
pub fn verified(
    key: &[u8; 32],
    signature: Option<&str>,
    timestamp: Option<&str>,
    body: &[u8],
) -> bool {
    let (Some(signature), Some(timestamp)) = (signature.and_then(from_hex), timestamp) else {
        return false;
    };
    let mut message = timestamp.as_bytes().to_vec();
    message.extend_from_slice(body);
    UnparsedPublicKey::new(&ED25519, key)
        .verify(&message, &signature)
        .is_ok()
}

fn reply(status: StatusCode, body: impl Into<Bytes>) -> Response<Full<Bytes>> {
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .body(Full::new(body.into()))
        .expect("a valid response")
}

async fn route(
    req: Request<Incoming>,
    peer: SocketAddr,
    key: [u8; 32],
    bot: &Arc<Bot>,
    http: &Arc<serenity::Http>,
) -> Response<Full<Bytes>> {
    match (req.method(), req.uri().path()) {
        (&Method::GET, "/health") => reply(StatusCode::OK, "{\"ok\":true}"),
        (&Method::POST, "/interactions") => {
            let header = |name: &str| {
                req.headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string)
            };
            let (signature, timestamp) = (
                header("x-signature-ed25519"),
                header("x-signature-timestamp"),
            );
            let body = match Limited::new(req.into_body(), MAX_BODY).collect().await {
                Ok(b) => b.to_bytes(),
                Err(_) => {
                    return reply(StatusCode::PAYLOAD_TOO_LARGE, "{\"message\":\"too large\"}");
                }
            };
            if !verified(&key, signature.as_deref(), timestamp.as_deref(), &body) {
                tracing::warn!(%peer, signed = signature.is_some(), "refused an interaction with a missing or bad signature");
                return reply(
                    StatusCode::UNAUTHORIZED,
                    "{\"message\":\"invalid request signature\"}",
                );
            }
            interaction(&body, bot, http).await
        }
        _ => reply(StatusCode::NOT_FOUND, "{\"message\":\"not found\"}"),
    }
}

/// A signed interaction: answered in the HTTP reply, handled meanwhile.
async fn interaction(
    body: &[u8],
    bot: &Arc<Bot>,
    http: &Arc<serenity::Http>,
) -> Response<Full<Bytes>> {
    let interaction: Interaction = match serde_json::from_slice(body) {
        Ok(i) => i,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read an interaction");
            return reply(
                StatusCode::BAD_REQUEST,
                "{\"message\":\"not an interaction\"}",
            );
        }
    };
    let json = |r: &serenity::CreateInteractionResponse| {
        reply(
            StatusCode::OK,
            serde_json::to_vec(r).expect("responses serialise"),
        )
    };
    match interaction {
        Interaction::Ping(_) => json(&serenity::CreateInteractionResponse::Pong),
        Interaction::Autocomplete(i) => json(&serenity::CreateInteractionResponse::Autocomplete(
            slash::choices(bot, &i).await,
        )),
        Interaction::Command(_) | Interaction::Component(_) => {
            let (tx, rx) = tokio::sync::oneshot::channel();
            let (bot, http) = (bot.clone(), http.clone());
            tokio::spawn(async move {
                let reply = respond::HttpReply::new(tx);
                handle(&http, &bot, &interaction, &reply).await;
            });
            match rx.await {
                Ok(v) => reply(StatusCode::OK, v.to_string()),
                Err(_) => reply(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "{\"message\":\"no response\"}",
                ),
            }
        }
        _ => reply(
            StatusCode::BAD_REQUEST,
            "{\"message\":\"unsupported interaction\"}",
        ),
    }
}

/// A command or a button press; a panic is logged with the interaction's
/// id and answered with it as the reference.
async fn handle(
    http: &serenity::Http,
    bot: &Bot,
    interaction: &Interaction,
    reply: &respond::HttpReply,
) {
    let work = async {
        match interaction {
            Interaction::Command(i) => slash::handle(http, bot, i, Some(reply)).await,
            Interaction::Component(c) => super::press(http, bot, c, Some(reply)).await,
            _ => {}
        }
    };
    if let Err(panic) = std::panic::AssertUnwindSafe(work).catch_unwind().await {
        let what = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("(no message)");
        let origin = match interaction {
            Interaction::Command(i) => respond::Origin::command(i, Some(reply)),
            Interaction::Component(c) => respond::Origin::component(c, Some(reply)),
            _ => return,
        };
        tracing::error!(interaction = %origin.id(), "panic: {what}");
        respond::report_failure(http, origin).await;
    }
}

#[cfg(test)]
mod tests {
    use ring::signature::{Ed25519KeyPair, KeyPair};

    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn only_a_signature_by_the_applications_key_over_timestamp_and_body_passes() {
        let pair = Ed25519KeyPair::from_seed_unchecked(&[7; 32]).unwrap();
        let key = public_key(&hex(pair.public_key().as_ref())).unwrap();
        let body = br#"{"type":1}"#;
        let sig = hex(pair
            .sign(&[b"1700000000".as_slice(), body].concat())
            .as_ref());
        assert!(verified(&key, Some(&sig), Some("1700000000"), body));
        assert!(
            !verified(&key, Some(&sig), Some("1700000001"), body),
            "another timestamp"
        );
        assert!(
            !verified(&key, Some(&sig), Some("1700000000"), br#"{"type":2}"#),
            "another body"
        );
        assert!(!verified(&key, None, Some("1700000000"), body), "unsigned");
        assert!(
            !verified(&key, Some("zz"), Some("1700000000"), body),
            "not hex"
        );
        let other = Ed25519KeyPair::from_seed_unchecked(&[8; 32]).unwrap();
        let forged = hex(other
            .sign(&[b"1700000000".as_slice(), body].concat())
            .as_ref());
        assert!(
            !verified(&key, Some(&forged), Some("1700000000"), body),
            "another key"
        );
        assert!(public_key("abc").is_err());
    }
}
