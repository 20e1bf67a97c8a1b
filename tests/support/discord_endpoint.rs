//! The stand-in as Discord in front of an *interactions endpoint*
//! (`xfiles-bot serve`): interactions are POSTed, signed with the
//! application's Ed25519 key, to the registered replicas in turn (a load
//! balancer that routes around a replica that does not answer), and the
//! HTTP reply is taken as the interaction's response — checked against the
//! callback's schema in Discord's spec.

use std::time::{Duration, Instant};

use ring::signature::{Ed25519KeyPair, KeyPair};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::{BotProcess, FakeDiscord};

/// The application's signing key (Discord holds the private half).
fn key() -> Ed25519KeyPair {
    Ed25519KeyPair::from_seed_unchecked(&[42; 32]).expect("a key")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What an endpoint answered.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Vec<u8>,
}

impl FakeDiscord {
    /// The public key the bot must verify with (`DISCORD_PUBLIC_KEY`).
    pub fn public_key(&self) -> String {
        hex(key().public_key().as_ref())
    }

    /// Sends interactions to this endpoint (with the others, in turn).
    pub fn add_endpoint(&self, address: &str) {
        self.state
            .lock()
            .unwrap()
            .endpoints
            .push(address.to_string());
    }

    /// Sends interactions no longer to this endpoint.
    pub fn remove_endpoint(&self, address: &str) {
        self.state
            .lock()
            .unwrap()
            .endpoints
            .retain(|e| e != address);
    }

    /// Waits for the commands to be registered (an endpoint has no gateway
    /// session to wait for).
    pub async fn wait_registered(&self, timeout: Duration) {
        self.wait_until("the commands to be registered", timeout, |f| {
            f.registered().map(|_| ())
        })
        .await
    }

    /// The headers Discord signs `body` with, at `timestamp` (Unix seconds).
    pub fn signed_headers(&self, body: &[u8], timestamp: i64) -> Vec<(&'static str, String)> {
        let timestamp = timestamp.to_string();
        let signature = hex(key().sign(&[timestamp.as_bytes(), body].concat()).as_ref());
        vec![
            ("x-signature-ed25519", signature),
            ("x-signature-timestamp", timestamp),
        ]
    }

    /// POSTs an interaction to the next endpoint that answers, signed now.
    pub(crate) async fn post_interaction(&self, interaction: Value) {
        let body = interaction.to_string().into_bytes();
        let headers = self.signed_headers(&body, now_s());
        let tries = self.state.lock().unwrap().endpoints.len();
        for _ in 0..tries {
            let address = {
                let mut s = self.state.lock().unwrap();
                s.next_endpoint = (s.next_endpoint + 1) % s.endpoints.len();
                s.endpoints[s.next_endpoint].clone()
            };
            match post(&address, "/interactions", &headers, &body).await {
                Ok(answer) if answer.status == 200 => {
                    self.take_response(&interaction, &answer.body);
                    return;
                }
                Ok(answer) => {
                    let text = String::from_utf8_lossy(&answer.body).to_string();
                    self.violate(vec![format!(
                        "the endpoint answered interaction {} with {}: {text}",
                        interaction["id"], answer.status
                    )]);
                    return;
                }
                // A replica that is gone: the load balancer tries the next.
                Err(_) => continue,
            }
        }
    }

    /// The HTTP reply is the interaction's response: recorded as if it had
    /// come by the callback route, and checked against that route's schema.
    fn take_response(&self, interaction: &Value, body: &[u8]) {
        let Ok(response) = serde_json::from_slice::<Value>(body) else {
            self.violate(vec![format!("the endpoint's reply is not JSON: {body:?}")]);
            return;
        };
        let id = interaction["id"].as_str().unwrap_or_default().to_string();
        let token = interaction["token"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let path = format!("/api/v10/interactions/{id}/{token}/callback");
        self.violate(super::spec::spec().check_request("POST", &path, &response));
        let mut s = self.state.lock().unwrap();
        self.acknowledge(&mut s, &id, &token, response, &[]);
        drop(s);
        self.changed.notify_waiters();
    }

    /// POSTs to an endpoint as anyone could: with these headers only.
    pub async fn post_raw(&self, address: &str, headers: &[(&str, String)], body: &[u8]) -> Answer {
        post(address, "/interactions", headers, body)
            .await
            .expect("the endpoint answers")
    }
}

/// This machine's clock in Unix seconds (Discord's and the bot's agree).
pub fn now_s() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs() as i64
}

impl FakeDiscord {
    /// GETs a path of an endpoint.
    pub async fn get_raw(&self, address: &str, path: &str) -> Answer {
        let mut stream = TcpStream::connect(address).await.expect("connect");
        let head = format!("GET {path} HTTP/1.1\r\nhost: {address}\r\nconnection: close\r\n\r\n");
        stream.write_all(head.as_bytes()).await.expect("send");
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.expect("read");
        let text = String::from_utf8_lossy(&raw).to_string();
        let status = text
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = text.split("\r\n\r\n").nth(1).unwrap_or_default();
        Answer {
            status,
            body: body.as_bytes().to_vec(),
        }
    }
}

/// A minimal HTTP/1.1 POST (one request a connection).
async fn post(
    address: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &[u8],
) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(address).await?;
    stream.set_nodelay(true)?;
    let mut head = format!(
        "POST {path} HTTP/1.1\r\nhost: {address}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    let mut request = head.into_bytes();
    request.extend_from_slice(body);
    stream.write_all(&request).await?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| std::io::Error::other("no HTTP head"))?;
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    Ok(Answer {
        status,
        body: raw[split + 4..].to_vec(),
    })
}

impl BotProcess {
    /// Runs `xfiles-bot register` against the stand-in (the endpoint's
    /// replicas do not register the commands); panics if it fails.
    pub async fn register(fake: &FakeDiscord) {
        let app = super::APP_ID.to_string();
        let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_xfiles-bot"))
            .arg("register")
            .current_dir(std::env::temp_dir())
            .env_clear()
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_URL", fake.api_url())
            .env("DISCORD_APPLICATION_ID", &app)
            .output()
            .await
            .expect("run xfiles-bot register");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && said.contains("slash commands registered"),
            "{said}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Starts `xfiles-bot serve` on a free loopback port against the
    /// stand-in; returns it with the address it listens on.
    pub async fn serve(fake: &FakeDiscord, db: &str, env: &[(&str, &str)]) -> (BotProcess, String) {
        let key = fake.public_key();
        let app = super::APP_ID.to_string();
        let mut all: Vec<(&str, &str)> = vec![
            ("DISCORD_PUBLIC_KEY", key.as_str()),
            ("DISCORD_APPLICATION_ID", app.as_str()),
        ];
        all.extend_from_slice(env);
        let bot =
            BotProcess::start_with(fake, db, &all, &["serve", "--listen", "127.0.0.1:0"]).await;
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let found = bot.log().iter().find_map(|l| {
                l.split("interactions endpoint listening on ")
                    .nth(1)
                    .map(|a| a.split_whitespace().next().unwrap_or_default().to_string())
            });
            if let Some(address) = found {
                return (bot, address);
            }
            assert!(
                Instant::now() < deadline,
                "the endpoint never listened: {:?}",
                bot.log()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
