//! Option declarations as the `usi` command prints them.

use super::error::OptionError;
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

/// Reads a `spin` value: an integer in `min..=max`.
pub fn parse_spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<i64, OptionError> {
    let v = value.ok_or_else(|| OptionError::NeedsValue(name.to_string()))?;
    let n: i64 = v.trim().parse().map_err(|_| OptionError::NotAnInteger {
        name: name.to_string(),
        value: v.to_string(),
    })?;
    if !(min..=max).contains(&n) {
        return Err(OptionError::OutOfRange {
            name: name.to_string(),
            value: n,
            min,
            max,
        });
    }
    Ok(n)
}

/// Reads a `check` value: `true` or `false`, in any case.
pub fn parse_check(name: &str, value: Option<&str>) -> Result<bool, OptionError> {
    let v = value.ok_or_else(|| OptionError::NeedsValue(name.to_string()))?;
    match v.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::NotABool {
            name: name.to_string(),
            value: v.to_string(),
        }),
    }
}

/// Reads a `combo` value: one of `vars`, in any case; returns it as declared.
pub fn parse_combo<'a>(
    name: &str,
    value: Option<&str>,
    vars: &[&'a str],
) -> Result<&'a str, OptionError> {
    let v = value.ok_or_else(|| OptionError::NeedsValue(name.to_string()))?;
    vars.iter()
        .find(|x| x.eq_ignore_ascii_case(v.trim()))
        .copied()
        .ok_or_else(|| OptionError::NotOneOf {
            name: name.to_string(),
            value: v.to_string(),
            vars: vars.iter().map(|s| s.to_string()).collect(),
        })
}

/// Reads a `string` value: `<empty>` is the empty string.
pub fn parse_text<'a>(name: &str, value: Option<&'a str>) -> Result<&'a str, OptionError> {
    let v = value.ok_or_else(|| OptionError::NeedsValue(name.to_string()))?;
    Ok(if v == "<empty>" { "" } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_by_type() {
        assert_eq!(parse_spin("H", Some(" 64 "), 1, 100), Ok(64));
        assert!(parse_spin("H", Some("0"), 1, 100).is_err());
        assert!(parse_spin("H", Some("lots"), 1, 100).is_err());
        assert!(parse_spin("H", None, 1, 100).is_err());
        assert_eq!(parse_check("P", Some("TRUE")), Ok(true));
        assert!(parse_check("P", Some("maybe")).is_err());
        assert_eq!(
            parse_combo("R", Some("tryrule"), &["CSARule27", "TryRule"]),
            Ok("TryRule")
        );
        assert!(parse_combo("R", Some("Sometimes"), &["TryRule"]).is_err());
        assert_eq!(parse_text("E", Some("<empty>")), Ok(""));
        assert_eq!(parse_text("E", Some("castles")), Ok("castles"));
    }
}
