//! Option declarations as the `usi` command prints them.

use std::fmt;

/// The type and range of one engine option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// An integer with a range.
    Spin {
        /// Default value.
        default: i64,
        /// Minimum.
        min: i64,
        /// Maximum.
        max: i64,
    },
    /// true/false.
    Check {
        /// Default value.
        default: bool,
    },
    /// One of a list of words.
    Combo {
        /// Default value.
        default: String,
        /// Allowed values.
        vars: Vec<String>,
    },
    /// Free text (`<empty>` for none).
    Text {
        /// Default value.
        default: String,
    },
    /// An action without a value.
    Button,
}

/// One option: a name without spaces and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsiOption {
    /// Name, as the GUI will send it back.
    pub name: String,
    /// Type and range.
    pub kind: OptionKind,
}

impl fmt::Display for UsiOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                for v in vars {
                    write!(f, " var {v}")?;
                }
                Ok(())
            }
            OptionKind::Text { default } => {
                let d = if default.is_empty() {
                    "<empty>"
                } else {
                    default
                };
                write!(f, "string default {d}")
            }
            OptionKind::Button => write!(f, "button"),
        }
    }
}

impl UsiOption {
    /// Checks `value` against the declaration; returns it normalised (spin as integer text,
    /// check as `true`/`false`, combo in its declared spelling).
    pub fn validate(&self, value: Option<&str>) -> Result<String, String> {
        let name = &self.name;
        match (&self.kind, value) {
            (OptionKind::Button, _) => Ok(String::new()),
            (_, None) => Err(format!("option {name} needs a value")),
            (OptionKind::Spin { min, max, .. }, Some(v)) => match v.trim().parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(n.to_string()),
                Ok(n) => Err(format!("option {name}: {n} is outside {min}..{max}")),
                Err(_) => Err(format!("option {name} expects an integer, got '{v}'")),
            },
            (OptionKind::Check { .. }, Some(v)) => match v.trim().to_ascii_lowercase().as_str() {
                "true" => Ok("true".into()),
                "false" => Ok("false".into()),
                _ => Err(format!("option {name} expects true or false, got '{v}'")),
            },
            (OptionKind::Combo { vars, .. }, Some(v)) => vars
                .iter()
                .find(|x| x.eq_ignore_ascii_case(v.trim()))
                .cloned()
                .ok_or_else(|| format!("option {name}: '{v}' is not one of {}", vars.join(", "))),
            (OptionKind::Text { .. }, Some(v)) => Ok(if v == "<empty>" {
                String::new()
            } else {
                v.to_string()
            }),
        }
    }
}
