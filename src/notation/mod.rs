//! Text formats that do not depend on the rules: coordinates and USI move syntax.
