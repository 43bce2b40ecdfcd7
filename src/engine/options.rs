//! The engine's options, declared once: each entry is the option's USI name, its type, range and
//! default (read from `Settings::default()`), and what setting it does, with the value already
//! parsed to its type. `usi` prints the declarations; `setoption` finds the entry by name.

use super::{Engine, Settings, NO_BOOK};
use crate::book::Selection;
use crate::eval::weights_without;
use crate::search::dfpn::Defence;
use crate::search::params::Features;
use crate::shogi::EnteringKingRule;
use crate::usi::options::{
    parse_check, parse_combo, parse_spin, parse_text, OptionKind, UsiOption,
};
use crate::usi::{EngineError, OptionError};
use crate::variant::VariantId;
use std::sync::Arc;

/// An option's type, with a typed reader of its current value and a typed setter.
pub(super) enum Setter {
    /// An integer in `min..=max`.
    Spin {
        min: i64,
        max: i64,
        get: fn(&Settings) -> i64,
        set: fn(&mut Engine, i64),
    },
    /// true or false.
    Check {
        get: fn(&Settings) -> bool,
        set: fn(&mut Engine, bool),
    },
    /// One of `vars`, matched without regard to case and passed in its declared spelling;
    /// `alias` names the declared value another spelling stands for, if any.
    Combo {
        vars: fn() -> Vec<&'static str>,
        alias: fn(&str) -> Option<&'static str>,
        get: fn(&Settings) -> &'static str,
        set: fn(&mut Engine, &'static str),
    },
    /// Free text (`<empty>` for none); the setter may refuse it.
    Text {
        get: fn(&Settings) -> String,
        set: fn(&mut Engine, &str) -> Result<(), String>,
    },
    /// An action.
    Button { press: fn(&mut Engine) },
}

/// One option.
pub(super) struct EngineOption {
    pub name: &'static str,
    pub setter: Setter,
}

/// A `Search_*`/`Eval_Form` switch: its name and the field it sets.
macro_rules! feature {
    ($name:literal, $field:ident) => {
        EngineOption {
            name: $name,
            setter: Setter::Check {
                get: |s| s.search.features.$field,
                set: |e, on| e.settings.search.features.$field = on,
            },
        }
    };
}

/// Every option, in the order `usi` lists them.
pub(super) static OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "USI_Hash",
        setter: Setter::Spin {
            min: 1,
            max: 32768,
            get: |s| s.hash_mb as i64,
            // Allocated at the next `isready` (or `go`), where a failure can be reported.
            set: |e, v| e.settings.hash_mb = v as usize,
        },
    },
    EngineOption {
        name: "MateHash",
        setter: Setter::Spin {
            min: 1,
            max: 32768,
            get: |s| s.mate_hash_mb as i64,
            // Made at the next `isready` (9x9) or `go mate`.
            set: |e, v| e.settings.mate_hash_mb = v as usize,
        },
    },
    EngineOption {
        name: "MateDefence",
        setter: Setter::Combo {
            vars: || vec!["Longest", "Composed"],
            alias: |_| None,
            get: |s| match s.mate_defence {
                Defence::Longest => "Longest",
                Defence::Composed => "Composed",
            },
            set: |e, name| {
                e.settings.mate_defence = if name == "Composed" {
                    Defence::Composed
                } else {
                    Defence::Longest
                }
            },
        },
    },
    EngineOption {
        name: "USI_Ponder",
        setter: Setter::Check {
            get: |s| s.ponder,
            set: |e, on| e.settings.ponder = on,
        },
    },
    EngineOption {
        name: "VariantPath",
        setter: Setter::Text {
            get: |s| s.variant_path.clone(),
            // Read at once, so that USI_Variant can name its games next.
            set: |e, path| e.load_variants(path),
        },
    },
    EngineOption {
        name: "USI_Variant",
        setter: Setter::Combo {
            vars: || {
                std::iter::once("shogi")
                    .chain(
                        VariantId::ALL
                            .iter()
                            .filter(|&&v| v != VariantId::Shogi)
                            .map(|v| v.name()),
                    )
                    .chain(crate::variant::custom::names())
                    .collect()
            },
            // lishogi's and fairy-stockfish's names of a variant.
            alias: |name| VariantId::from_name(name).map(|v| v.name()),
            // Declared with the default; the game played is the engine's (`Engine::variant`).
            get: |_| "shogi",
            set: |e, name| e.select_variant(name),
        },
    },
    EngineOption {
        name: "Threads",
        setter: Setter::Spin {
            min: 1,
            max: 256,
            get: |s| s.search.threads as i64,
            set: |e, v| e.settings.search.threads = v as usize,
        },
    },
    EngineOption {
        name: "MultiPV",
        setter: Setter::Spin {
            min: 1,
            max: 600,
            get: |s| s.search.multipv as i64,
            set: |e, v| e.settings.search.multipv = v as usize,
        },
    },
    EngineOption {
        name: "MoveOverhead",
        setter: Setter::Spin {
            min: 0,
            max: 10000,
            get: |s| s.search.move_overhead_ms as i64,
            set: |e, v| e.settings.search.move_overhead_ms = v as u64,
        },
    },
    EngineOption {
        name: "Contempt",
        setter: Setter::Spin {
            min: -3000,
            max: 3000,
            get: |s| i64::from(s.search.contempt),
            set: |e, v| e.settings.search.contempt = v as i32,
        },
    },
    EngineOption {
        name: "MaxMovesToDraw",
        setter: Setter::Spin {
            min: 0,
            max: 100_000,
            get: |s| i64::from(s.search.max_moves_to_draw),
            set: |e, v| e.settings.search.max_moves_to_draw = v as u32,
        },
    },
    EngineOption {
        name: "EnteringKingRule",
        setter: Setter::Combo {
            vars: || EnteringKingRule::ALL.iter().map(|(_, n)| *n).collect(),
            alias: |_| None,
            get: |s| s.entering_king_rule.name(),
            set: |e, name| {
                if let Some(rule) = EnteringKingRule::from_name(name) {
                    e.settings.entering_king_rule = rule;
                }
            },
        },
    },
    EngineOption {
        name: "ClearHash",
        setter: Setter::Button {
            press: |e| e.tt.clear(),
        },
    },
    EngineOption {
        name: "Eval_Off",
        setter: Setter::Text {
            get: |s| s.eval_off.clone(),
            set: |e, groups| {
                let weights = weights_without(groups).map_err(|e| e.to_string())?;
                e.settings.weights = Arc::new(*weights);
                e.settings.eval_off = groups.to_string();
                // Stored static evaluations were made with the old weights.
                e.tt.clear();
                Ok(())
            },
        },
    },
    EngineOption {
        name: "USI_OwnBook",
        setter: Setter::Check {
            get: |s| s.own_book,
            set: |e, on| e.settings.own_book = on,
        },
    },
    EngineOption {
        name: "BookFile",
        setter: Setter::Text {
            get: |s| s.book_file.clone(),
            // Read at the next `isready` (or `go`), where a failure can be reported.
            set: |e, file| {
                e.settings.book_file = if file.is_empty() { NO_BOOK } else { file }.to_string();
                Ok(())
            },
        },
    },
    EngineOption {
        name: "BookMoves",
        setter: Setter::Spin {
            min: 0,
            max: 10000,
            get: |s| i64::from(s.book_moves),
            set: |e, v| e.settings.book_moves = v as u32,
        },
    },
    EngineOption {
        name: "BookEvalDiff",
        setter: Setter::Spin {
            min: 0,
            max: 100000,
            get: |s| i64::from(s.book_policy.eval_diff),
            set: |e, v| e.settings.book_policy.eval_diff = v as i32,
        },
    },
    EngineOption {
        name: "BookSelect",
        setter: Setter::Combo {
            vars: || Selection::NAMES.iter().map(|(_, n)| *n).collect(),
            alias: |_| None,
            get: |s| s.book_policy.selection.name(),
            set: |e, name| {
                if let Some(selection) = Selection::from_name(name) {
                    e.settings.book_policy.selection = selection;
                }
            },
        },
    },
    EngineOption {
        name: "BookRandom",
        setter: Setter::Check {
            get: |s| s.book_policy.random,
            set: |e, on| e.settings.book_policy.random = on,
        },
    },
    feature!("Search_NullMove", null_move),
    feature!("Search_LMR", lmr),
    feature!("Search_History", history),
    feature!("Search_CheckExtension", check_extension),
    feature!("Search_Futility", futility),
    feature!("Search_Continuation", continuation),
    feature!("Search_SingularExtension", singular_extension),
    feature!("Search_MateInOne", mate_in_one),
    feature!("Search_MateInThree", mate_in_three),
    feature!("Eval_Form", form_eval),
    EngineOption {
        name: "Eval_KP",
        setter: Setter::Check {
            get: |s| s.learned_form,
            set: |e, on| e.settings.learned_form = on,
        },
    },
];

// Every switch of `Features` has an option (the count is checked here, the names by a test).
const _: () = assert!(OPTIONS.len() == 21 + Features::SWITCHES);

/// Names some GUIs and tools use for the standard options.
const ALIASES: [(&str, &str); 4] = [
    ("Hash", "USI_Hash"),
    ("UCI_Variant", "USI_Variant"),
    ("Ponder", "USI_Ponder"),
    ("USI_MultiPV", "MultiPV"),
];

impl EngineOption {
    /// The declaration `usi` prints, with the default of `Settings::default()`.
    pub fn declaration(&self, defaults: &Settings) -> UsiOption {
        let kind = match &self.setter {
            Setter::Spin { min, max, get, .. } => OptionKind::Spin {
                default: get(defaults),
                min: *min,
                max: *max,
            },
            Setter::Check { get, .. } => OptionKind::Check {
                default: get(defaults),
            },
            Setter::Combo { vars, get, .. } => OptionKind::Combo {
                default: get(defaults).to_string(),
                vars: vars().into_iter().map(str::to_string).collect(),
            },
            Setter::Text { get, .. } => OptionKind::Text {
                default: get(defaults),
            },
            Setter::Button { .. } => OptionKind::Button,
        };
        UsiOption {
            name: self.name.to_string(),
            kind,
        }
    }

    /// Parses `value` for this option and sets it; on error nothing changes.
    pub fn apply(&self, engine: &mut Engine, value: Option<&str>) -> Result<(), EngineError> {
        let name = self.name;
        match &self.setter {
            Setter::Button { press } => press(engine),
            Setter::Spin { min, max, set, .. } => set(engine, parse_spin(name, value, *min, *max)?),
            Setter::Check { set, .. } => set(engine, parse_check(name, value)?),
            Setter::Combo {
                vars, alias, set, ..
            } => {
                let value = value.and_then(alias).or(value);
                set(engine, parse_combo(name, value, &vars())?)
            }
            Setter::Text { set, .. } => {
                set(engine, parse_text(name, value)?).map_err(|why| OptionError::Refused {
                    name: name.to_string(),
                    why,
                })?
            }
        }
        Ok(())
    }
}

/// The options whose value differs from the default, as `name value` (for `d`).
pub(super) fn changed(settings: &Settings) -> Vec<String> {
    let defaults = Settings::default();
    OPTIONS
        .iter()
        .filter_map(|o| {
            let (now, default) = (o.declaration(settings).kind, o.declaration(&defaults).kind);
            if now == default {
                return None;
            }
            let value = match now {
                OptionKind::Spin { default: v, .. } => v.to_string(),
                OptionKind::Check { default: v } => v.to_string(),
                OptionKind::Combo { default: v, .. } | OptionKind::Text { default: v } => v,
                OptionKind::Button => return None,
            };
            Some(format!("{} {}", o.name, crate::notation::clip(&value, 80)))
        })
        .collect()
}

/// The option called `name` (any case, or an alias).
pub(super) fn find(name: &str) -> Option<&'static EngineOption> {
    let canonical = ALIASES
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(name))
        .map_or(name, |(_, n)| n);
    OPTIONS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(canonical))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_has_a_unique_name_and_a_valid_default() {
        let defaults = Settings::default();
        for (i, o) in OPTIONS.iter().enumerate() {
            assert!(!o.name.contains(' '), "{}", o.name);
            assert!(
                OPTIONS[..i]
                    .iter()
                    .all(|p| !p.name.eq_ignore_ascii_case(o.name)),
                "{} declared twice",
                o.name
            );
            let decl = o.declaration(&defaults);
            match decl.kind {
                OptionKind::Spin { default, min, max } => assert!((min..=max).contains(&default)),
                OptionKind::Combo { default, vars } => assert!(vars.contains(&default)),
                _ => {}
            }
        }
    }

    #[test]
    fn every_feature_switch_is_an_option() {
        // Switching each option off must change exactly one field of `Features`.
        for o in OPTIONS
            .iter()
            .filter(|o| o.name.starts_with("Search_") || o.name == "Eval_Form")
        {
            let mut engine = Engine::new();
            let before = engine.settings.search.features;
            let value = if matches!(
                o.declaration(&Settings::default()).kind,
                OptionKind::Check { default: true }
            ) {
                "false"
            } else {
                "true"
            };
            o.apply(&mut engine, Some(value)).unwrap();
            assert_ne!(before, engine.settings.search.features, "{}", o.name);
        }
    }

    #[test]
    fn aliases_and_case() {
        assert_eq!(find("hash").map(|o| o.name), Some("USI_Hash"));
        assert_eq!(find("usi_hash").map(|o| o.name), Some("USI_Hash"));
        assert_eq!(find("usi_multipv").map(|o| o.name), Some("MultiPV"));
        assert!(find("NoSuchOption").is_none());
    }
}
