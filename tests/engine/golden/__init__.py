"""Golden transcripts of seeded library games."""
