//! `xfiles-bot serve`: the bot as Discord's *interactions endpoint* — an
//! HTTP server Discord POSTs each interaction to, with no gateway at all.
//! It holds no state of its own, so any number of replicas can run behind
//! a load balancer on one database (each runs the scheduler; reminders and
//! deadlines are claimed in the database).
//!
//! Every request must carry a valid Ed25519 signature by the application's
//! public key over timestamp + body (`X-Signature-Ed25519`,
//! `X-Signature-Timestamp`), with a timestamp within [`MAX_SKEW_S`] of this
//! server's clock; anything else is refused with 401 and logged, and nothing
//! is handled. A signed interaction acts once across all replicas: its id is
//! claimed in the database first (`App::handle_once`). The interaction's
//! first response is the HTTP reply itself; posts, DMs and follow-ups go
//! through the REST API.
//!
//! A client gets [`HEADER_TIMEOUT`] to send its headers and [`BODY_TIMEOUT`]
//! its body, and at most [`MAX_CONNECTIONS`] connections are open at once
//! (more are closed at once). The endpoint starts without reaching Discord:
//! the commands are registered by `xfiles-bot register`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::FutureExt;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use poise::serenity_prelude as serenity;
use ring::signature::{ED25519, UnparsedPublicKey};
use serenity::Interaction;
use tokio::net::TcpListener;

use super::{Bot, Settings, respond, scheduler, shutdown_signal, slash};
use crate::app::App;
use tokio::sync::Semaphore;

/// Largest interaction body read (Discord's are a few KB).
const MAX_BODY: usize = 1 << 20;
/// How far a request's signed timestamp may be from this server's clock
/// (seconds): a captured request cannot be replayed later than this.
pub const MAX_SKEW_S: i64 = 300;
/// Time a client has to send a request's headers, then its body.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections open at once; Discord needs a handful.
const MAX_CONNECTIONS: usize = 256;

/// Runs the endpoint on `listen` until SIGTERM or Ctrl-C.
pub async fn serve(app: App, settings: Settings, listen: SocketAddr) -> Result<(), String> {
    let key = settings.public_key.as_deref().ok_or(
        "DISCORD_PUBLIC_KEY is not set: copy the application's public key (Developer Portal, General Information)",
    )?;
    let key = public_key(key)?;
    let http = Arc::new(super::app_http(&settings)?);
    let bot = Arc::new(Bot::new(app, settings.panic_on.clone()));
    let listener = TcpListener::bind(listen)
        .await
        .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    tracing::info!(address = %bound, "interactions endpoint listening on {bound}");
    tokio::spawn(scheduler(http.clone(), bot.clone()));
    let shutdown = shutdown_signal();
    tokio::pin!(shutdown);
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
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
        let Ok(permit) = open.clone().try_acquire_owned() else {
            tracing::warn!(%peer, "{MAX_CONNECTIONS} connections open: closed a new one");
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(
            stream,
            peer,
            key,
            bot.clone(),
            http.clone(),
            permit,
        ));
    }
    tracing::info!("shutting down");
    bot.app.store().close().await;
    Ok(())
}

/// Serves one connection, holding its slot among [`MAX_CONNECTIONS`].
async fn connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    key: [u8; 32],
    bot: Arc<Bot>,
    http: Arc<serenity::Http>,
    _slot: tokio::sync::OwnedSemaphorePermit,
) {
    let service = hyper::service::service_fn(move |req| {
        let (bot, http) = (bot.clone(), http.clone());
        async move { Ok::<_, std::convert::Infallible>(route(req, peer, key, &bot, &http).await) }
    });
    let io = hyper_util::rt::TokioIo::new(stream);
    let served = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .serve_connection(io, service)
        .await;
    if let Err(e) = served {
        tracing::debug!(%peer, error = %e, "connection closed");
    }
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

/// Is a signed timestamp (Unix seconds) within [`MAX_SKEW_S`] of `now_s`?
pub fn fresh(timestamp: Option<&str>, now_s: i64) -> bool {
    timestamp
        .and_then(|t| t.trim().parse::<i64>().ok())
        .is_some_and(|t| (now_s - t).abs() <= MAX_SKEW_S)
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
            let read = Limited::new(req.into_body(), MAX_BODY).collect();
            let body = match tokio::time::timeout(BODY_TIMEOUT, read).await {
                Ok(Ok(b)) => b.to_bytes(),
                Ok(Err(_)) => {
                    return reply(StatusCode::PAYLOAD_TOO_LARGE, "{\"message\":\"too large\"}");
                }
                Err(_) => {
                    tracing::warn!(%peer, "a request body took over {BODY_TIMEOUT:?}");
                    return reply(StatusCode::REQUEST_TIMEOUT, "{\"message\":\"too slow\"}");
                }
            };
            if !verified(&key, signature.as_deref(), timestamp.as_deref(), &body) {
                tracing::warn!(%peer, signed = signature.is_some(), "refused an interaction with a missing or bad signature");
                return reply(
                    StatusCode::UNAUTHORIZED,
                    "{\"message\":\"invalid request signature\"}",
                );
            }
            let now_s = crate::console::now_ms() / 1000;
            if !fresh(timestamp.as_deref(), now_s) {
                tracing::warn!(%peer, ?timestamp, "refused a signed interaction whose timestamp is over {MAX_SKEW_S} s from now");
                return reply(
                    StatusCode::UNAUTHORIZED,
                    "{\"message\":\"stale request timestamp\"}",
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

    #[test]
    fn a_signed_timestamp_more_than_five_minutes_from_the_clock_is_stale() {
        let now = 1_800_000_000;
        assert!(fresh(Some("1800000000"), now));
        assert!(fresh(Some("1799999700"), now), "exactly 5 minutes old");
        assert!(fresh(Some("1800000300"), now), "5 minutes ahead");
        assert!(!fresh(Some("1799999699"), now), "5 minutes and 1 s old");
        assert!(!fresh(Some("1800000301"), now));
        assert!(!fresh(Some("soon"), now), "not a number");
        assert!(!fresh(None, now), "no timestamp");
    }
}
