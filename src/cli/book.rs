//! `hisha book`: opening books in the YaneuraOu format: show a position's moves, build a book
//! from opening lines, merge books.

use super::{read, write, BookCmd, CliError};
use crate::book::build::{build, BuildConfig};
use crate::book::Book;
use crate::shogi::{Position, STARTPOS_SFEN};
use std::io::{self, Write};
use std::time::Instant;

/// Runs a `book` subcommand.
pub(super) fn run(command: BookCmd) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    match command {
        BookCmd::Show { file, sfen } => {
            let book = read_book(&file)?;
            let spec = sfen.unwrap_or_else(|| STARTPOS_SFEN.to_string());
            let pos = Position::after_line(&spec)
                .map_err(|e| CliError::Input(format!("bad position {spec}: {e}")))?;
            match book.probe(&pos) {
                None => writeln!(out, "not in the book")?,
                Some(moves) => {
                    let mut moves = moves.to_vec();
                    moves.sort_by_key(|m| (std::cmp::Reverse(m.value), std::cmp::Reverse(m.count)));
                    writeln!(out, "move   reply  value  depth  count")?;
                    for m in moves {
                        let reply = m.ponder.map_or("none".to_string(), |p| p.to_string());
                        writeln!(
                            out,
                            "{:<6} {:<6} {:>5}  {:>5}  {:>5}",
                            m.mv.to_string(),
                            reply,
                            m.value,
                            m.depth,
                            m.count
                        )?;
                    }
                }
            }
        }
        BookCmd::Build {
            lines,
            out: path,
            nodes,
            extend,
            threads,
        } => {
            let text = read(&lines)?;
            let lines: Vec<String> = text.lines().map(str::to_owned).collect();
            let config = BuildConfig {
                nodes,
                extend,
                threads,
            };
            let start = Instant::now();
            let (book, report) = build(&lines, &config, &|done, total| {
                if done % 50 == 0 || done == total {
                    eprintln!("{done} of {total} positions searched");
                }
            });
            if report.bad_lines > 0 {
                eprintln!("warning: {} lines left out (not legal)", report.bad_lines);
            }
            write(&path, &book.to_text())?;
            writeln!(
                out,
                "{} lines, {} positions searched, {} book positions written to {path} in {:.0} s",
                report.lines,
                report.searched,
                book.len(),
                start.elapsed().as_secs_f64()
            )?;
        }
        BookCmd::Merge { books, out: path } => {
            let mut merged = Book::new();
            for file in &books {
                merged.merge(&read_book(file)?);
            }
            write(&path, &merged.to_text())?;
            writeln!(out, "{} positions written to {path}", merged.len())?;
        }
    }
    Ok(())
}

/// The book in `file`, with what was read and left out said on stderr.
fn read_book(file: &str) -> Result<Book, CliError> {
    let (book, report) = Book::parse(&read(file)?);
    eprintln!(
        "{file}: {} positions, {} moves, {} lines left out",
        report.positions, report.moves, report.skipped
    );
    Ok(book)
}
