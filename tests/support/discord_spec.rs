//! Discord's official OpenAPI spec (`tests/data/discord/openapi.json`, MIT,
//! from `discord/discord-api-spec`) as the judge of the stand-in's traffic:
//! every request the bot sends, every response the stand-in returns and the
//! gateway payloads' sub-objects (users, members, messages, roles,
//! attachments) are validated against their schema. A violation names the
//! route (as the spec spells it), the field and what is wrong.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use jsonschema::Validator;
use serde_json::Value;

/// The parsed spec and the validators built so far (one per schema).
pub struct Spec {
    doc: Value,
    validators: Mutex<HashMap<String, Arc<Validator>>>,
}

/// The one spec of a test process.
pub fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/discord/openapi.json"
        );
        let text = std::fs::read_to_string(path).expect("Discord's OpenAPI spec");
        Spec {
            doc: serde_json::from_str(&text).expect("the spec is JSON"),
            validators: Mutex::default(),
        }
    })
}

impl Spec {
    /// The spec's path template for a request path (`/api/v10` removed),
    /// preferring literal segments (`/users/@me/...` over `/users/{id}/...`).
    pub fn route(&self, method: &str, path: &str) -> Option<String> {
        let path = path.strip_prefix("/api/v10").unwrap_or(path);
        let segs: Vec<&str> = path.split('/').collect();
        let method = method.to_ascii_lowercase();
        let mut best: Option<(usize, &String)> = None;
        for (template, item) in self.doc["paths"].as_object()? {
            let t: Vec<&str> = template.split('/').collect();
            if t.len() != segs.len() || item.get(&method).is_none() {
                continue;
            }
            let fits = t
                .iter()
                .zip(&segs)
                .all(|(a, b)| a.starts_with('{') || a == b);
            let literal = t.iter().filter(|a| !a.starts_with('{')).count();
            if fits && best.is_none_or(|(n, _)| literal > n) {
                best = Some((literal, template));
            }
        }
        best.map(|(_, t)| t.clone())
    }

    fn operation(&self, method: &str, template: &str) -> &Value {
        &self.doc["paths"][template][method.to_ascii_lowercase()]
    }

    /// Problems with a request body (JSON, or a multipart body's
    /// `payload_json`); a route the spec lacks is one.
    pub fn check_request(&self, method: &str, path: &str, body: &Value) -> Vec<String> {
        let Some(template) = self.route(method, path) else {
            return vec![format!("{method} {path}: no such route in Discord's API")];
        };
        let schema = &self.operation(method, &template)["requestBody"]["content"]["application/json"]
            ["schema"];
        if schema.is_null() {
            return Vec::new();
        }
        self.check(&format!("{method} {template} request"), schema, body)
    }

    /// Problems with a response: its status must be one the operation
    /// declares (or its class, `4XX`), and its body must fit that schema.
    pub fn check_response(
        &self,
        method: &str,
        path: &str,
        status: u16,
        body: &[u8],
    ) -> Vec<String> {
        let Some(template) = self.route(method, path) else {
            return Vec::new(); // reported with the request
        };
        let responses = &self.operation(method, &template)["responses"];
        let class = format!("{}XX", status / 100);
        let mut declared = &responses[status.to_string()];
        if declared.is_null() {
            declared = &responses[class.as_str()];
        }
        let what = format!("{method} {template} response {status}");
        if declared.is_null() {
            return vec![format!("{what}: status not declared by the spec")];
        }
        if let Some(r) = declared["$ref"].as_str() {
            let name = r.rsplit('/').next().unwrap_or_default();
            declared = &self.doc["components"]["responses"][name];
        }
        let schema = &declared["content"]["application/json"]["schema"];
        if schema.is_null() {
            return match body.is_empty() {
                true => Vec::new(),
                false => vec![format!(
                    "{what}: the spec declares no body, got {} bytes",
                    body.len()
                )],
            };
        }
        match serde_json::from_slice::<Value>(body) {
            Ok(v) => self.check(&what, schema, &v),
            Err(e) => vec![format!("{what}: not JSON ({e})")],
        }
    }

    /// Problems with a value that should be a `components/schemas` object
    /// (a gateway payload's user, member, message…).
    pub fn check_schema(&self, what: &str, name: &str, value: &Value) -> Vec<String> {
        let schema = serde_json::json!({"$ref": format!("#/components/schemas/{name}")});
        self.check(&format!("{what} ({name})"), &schema, value)
    }

    fn check(&self, what: &str, schema: &Value, value: &Value) -> Vec<String> {
        let validator = self.validator(schema);
        let mut out = Vec::new();
        for e in validator.iter_errors(value) {
            for (at, why) in closest(&e) {
                let at = if at.is_empty() {
                    "the body".to_string()
                } else {
                    at
                };
                out.push(format!("{what}: {why} at {at}"));
            }
        }
        out
    }

    /// A validator for an inline schema; its `$ref`s resolve in the spec's
    /// components. Built once per schema.
    fn validator(&self, schema: &Value) -> Arc<Validator> {
        let key = schema.to_string();
        if let Some(v) = self.validators.lock().unwrap().get(&key) {
            return v.clone();
        }
        let mut root = match schema {
            Value::Object(_) => schema.clone(),
            _ => serde_json::json!({"allOf": [schema]}),
        };
        root["components"] = self.doc["components"].clone();
        let built = jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .build(&root)
            .expect("the spec's schemas compile");
        let built = Arc::new(built);
        self.validators.lock().unwrap().insert(key, built.clone());
        built
    }
}

/// An error's causes: for a `oneOf`/`anyOf` that nothing matched, those
/// of the branch that came closest (fewest errors), so the field is named.
fn closest(e: &jsonschema::ValidationError) -> Vec<(String, String)> {
    use jsonschema::error::ValidationErrorKind as K;
    let at = e.instance_path().to_string();
    if docs_allow(&at, e.instance()) {
        return Vec::new();
    }
    if let K::OneOfNotValid { context } | K::AnyOf { context } = e.kind() {
        let branches: Vec<Vec<(String, String)>> = context
            .iter()
            .map(|c| c.iter().flat_map(closest).collect())
            .collect();
        // A branch that only the docs' allowances broke: valid.
        if let Some(best) = branches.into_iter().min_by_key(Vec::len) {
            return best;
        }
    }
    vec![(at, e.to_string())]
}

/// Where Discord's docs (which win where the two disagree, says the spec's
/// README) allow what the spec does not. "Uploading Files": a new upload's
/// attachment `id` is its index, an integer (`"id": 0`), which is what
/// serenity sends.
fn docs_allow(at: &str, value: &Value) -> bool {
    let parts: Vec<&str> = at.rsplit('/').take(3).collect();
    matches!(parts.as_slice(), ["id", n, "attachments"] if n.parse::<usize>().is_ok())
        && value.is_u64()
}
