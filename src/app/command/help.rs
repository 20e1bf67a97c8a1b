//! `/help`.

use super::message::{Outgoing, Request, UserError};
use super::spec::{Args, usage};
use crate::app::App;

pub fn help(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let commands = app.registry().commands();
    let text = match args.text("command") {
        None => {
            let mut out = String::from(
                "**Commands** (options are name:value; /help command:<name> for details)\n",
            );
            for c in commands {
                out.push_str(&format!("{} — {}\n", c.label(), c.about));
            }
            out
        }
        Some(wanted) => {
            let wanted = wanted.trim().trim_start_matches('/');
            let (name, sub) = wanted
                .split_once(' ')
                .map_or((wanted, None), |(n, s)| (n, Some(s.trim())));
            let matching: Vec<_> = commands
                .iter()
                .filter(|c| c.name == name && (sub.is_none() || c.sub == sub))
                .collect();
            if matching.is_empty() {
                let names: Vec<&str> = commands.iter().map(|c| c.name).collect();
                let hint = super::spec::closest(name, names.into_iter())
                    .map(|n| format!(" Did you mean {n}?"))
                    .unwrap_or_default();
                return Err(UserError::new(format!(
                    "There is no command /{wanted}.{hint} /help lists them all."
                )));
            }
            let mut out = String::new();
            for c in matching {
                out.push_str(&format!("**{}** — {}\n{}\n", c.label(), c.about, usage(c)));
                for o in &c.options {
                    out.push_str(&format!(
                        "  {}{} — {}\n",
                        o.name,
                        if o.required { "" } else { " (optional)" },
                        o.about
                    ));
                }
                out.push_str(&format!("Example: {}\n", c.example));
            }
            out
        }
    };
    Ok(vec![Outgoing::ephemeral(&req.user.id, text.trim_end())])
}
