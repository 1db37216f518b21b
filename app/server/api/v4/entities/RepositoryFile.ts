/** GitLab's file entity of the repository files API (`GET /repository/files/:file_path`). */
import { contentSha256, FILE_MODE } from '../../../domain/gitCommits.ts';
import type { GitBlobEntry } from '../../../domain/gitObjects.ts';

/** A file read at a ref. */
export interface FileAtRef {
  path: string;
  ref: string;
  commit: string;
  blob: GitBlobEntry;
  content: Buffer;
  lastCommitId: string;
}

/** `file_name, file_path, size, encoding, content_sha256, ref, blob_id, commit_id, last_commit_id, content`. */
export function RepositoryFile(file: FileAtRef) {
  return {
    file_name: file.path.slice(file.path.lastIndexOf('/') + 1),
    file_path: file.path,
    size: file.content.length,
    encoding: 'base64',
    content_sha256: contentSha256(file.content),
    ref: file.ref,
    blob_id: file.blob.id,
    commit_id: file.commit,
    last_commit_id: file.lastCommitId,
    execute_filemode: file.blob.mode === FILE_MODE.executable,
    content: file.content.toString('base64'),
  };
}
