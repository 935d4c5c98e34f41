import LabelDescription

/// `labelsnap --version`: the library version references record in their provenance ("LabelSnapshot 0.6"), so a
/// reference's `library` line (`labelsnap info`) can be compared with the tool at hand.
func versionText() -> String {
    "labelsnap (\(SnapshotProvenance.libraryVersion))"
}
