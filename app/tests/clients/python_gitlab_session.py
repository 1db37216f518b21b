"""A scripted python-gitlab session against the Forgekit server (GITLAB-API.md section 1.3).

Run by python-gitlab.test.ts: python3 python_gitlab_session.py URL ROOT_TOKEN FRIEND_TOKEN.
Each step prints one JSON line {"step": name} when it passed; the first failure raises (a
traceback on stderr, exit status 1), so the test sees exactly which steps completed.
"""

import json
import sys
import warnings

import gitlab

PAGED_PROJECTS = 3


def passed(step):
    print(json.dumps({"step": step}), flush=True)


def main(url, root_token, friend_token):
    # python-gitlab warns when Link or web_url hosts differ from the configured URL: fail instead.
    warnings.simplefilter("error")
    gl = gitlab.Gitlab(url, private_token=root_token)
    friend_gl = gitlab.Gitlab(url, private_token=friend_token)

    gl.auth()
    assert gl.user.username == "root", gl.user.username
    friend_gl.auth()
    friend = gl.users.get(friend_gl.user.id)
    version, revision = gl.version()
    assert version != "unknown" and revision != "unknown", (version, revision)
    passed("auth")

    projects = [gl.projects.create({"name": f"Py {i}", "initialize_with_readme": i == 0}) for i in range(PAGED_PROJECTS)]
    project = projects[0]
    listed = gl.projects.list(get_all=True, per_page=1)
    assert sorted(p.name for p in listed) == [f"Py {i}" for i in range(PAGED_PROJECTS)], [p.name for p in listed]
    lazy = gl.projects.list(iterator=True, per_page=1)
    assert lazy.total == PAGED_PROJECTS and lazy.total_pages == PAGED_PROJECTS, (lazy.total, lazy.total_pages)
    assert len(list(lazy)) == PAGED_PROJECTS
    simple = gl.projects.list(search="py", membership=True, simple=True, per_page=20)
    assert len(simple) == PAGED_PROJECTS
    passed("projects with auto-pagination")

    by_path = gl.projects.get("root/py-0")
    assert by_path.id == project.id
    passed("get by path")

    issue = project.issues.create({"title": "Smoke issue", "description": "hello", "labels": ["bug", "ui"]})
    assert issue.iid == 1 and sorted(issue.labels) == ["bug", "ui"], issue.attributes
    issue.title = "changed"
    issue.state_event = "close"
    issue.save()
    issue = project.issues.get(issue.iid)
    assert issue.state == "closed" and issue.title == "changed", issue.attributes
    doomed = project.issues.create({"title": "To delete"})
    doomed.delete()
    try:
        project.issues.get(doomed.iid)
        raise AssertionError("deleted issue still readable")
    except gitlab.exceptions.GitlabGetError as error:
        assert error.response_code == 404, error
    passed("issues create/update/close/delete")

    note = issue.notes.create({"body": "a note"})
    assert note.body == "a note" and not note.system
    assert "a note" in [n.body for n in issue.notes.list(get_all=True)]
    passed("notes")

    award = issue.awardemojis.create({"name": "thumbsup"})
    assert award.name == "thumbsup"
    assert [a.name for a in issue.awardemojis.list()] == ["thumbsup"]
    passed("award emoji")

    label = project.labels.create({"name": "priority", "color": "#FF0000"})
    assert label.text_color == "#FFFFFF", label.attributes
    assert "priority" in [l.name for l in project.labels.list(get_all=True)]
    group = gl.groups.create({"name": "Pythons", "path": "pythons"})
    group.labels.create({"name": "team", "color": "#00FF00"})
    assert [l.name for l in group.labels.list()] == ["team"]
    passed("labels")

    milestone = project.milestones.create({"title": "v1.0"})
    assert milestone.state == "active"
    milestone.state_event = "close"
    milestone.save()
    assert project.milestones.get(milestone.id).state == "closed"
    passed("milestones")

    found = gl.users.list(search=friend.username)
    assert [u.username for u in found] == [friend.username]
    assert gl.users.get(friend.id).username == friend.username
    passed("users")

    status = gl.user.status.get()
    status.emoji = "coffee"
    status.message = "busy"
    status.save()
    assert gl.user.status.get().message == "busy"
    assert gl.users.get(gl.user.id).status.get().emoji == "coffee"
    passed("status")

    friend.follow()
    assert [u.username for u in friend.followers_users.list()] == ["root"]
    friend.unfollow()
    assert friend.followers_users.list() == []
    passed("follow/unfollow")

    html = gl.markdown("**hi** #1 :tada:", gfm=True, project="root/py-0")
    assert "<strong>hi</strong>" in html and 'data-name="tada"' in html, html
    passed("markdown")

    project.branches.create({"branch": "feature", "ref": project.default_branch})
    project.commits.create(
        {
            "branch": "feature",
            "commit_message": "Add a guide",
            "actions": [{"action": "create", "file_path": "docs/guide.md", "content": "# Guide\n"}],
        }
    )
    mr = project.mergerequests.create(
        {"source_branch": "feature", "target_branch": project.default_branch, "title": "Add a guide"}
    )
    assert mr.iid == 1 and mr.state == "opened"
    changes = mr.changes()["changes"]
    assert [c["new_path"] for c in changes] == ["docs/guide.md"] and "+# Guide" in changes[0]["diff"], changes
    assert [m.iid for m in project.mergerequests.list(state="opened")] == [mr.iid]
    passed("merge requests")

    release = project.releases.create(
        {
            "name": "First",
            "tag_name": "v1.0.0",
            "ref": project.default_branch,
            "description": "The first release",
            "assets": {"links": [{"name": "Binary", "url": "https://example.com/binary"}]},
        }
    )
    assert release.tag_name == "v1.0.0"
    fetched = project.releases.get("v1.0.0")
    assert [link["name"] for link in fetched.assets["links"]] == ["Binary"], fetched.assets
    passed("releases")

    project.commits.create(
        {
            "branch": project.default_branch,
            "commit_message": "CI",
            "actions": [{"action": "create", "file_path": ".gitlab-ci.yml", "content": "test:\n  script: echo ok\n"}],
        }
    )
    pipeline = project.pipelines.create({"ref": project.default_branch})
    assert pipeline.ref == project.default_branch
    assert pipeline.id in [p.id for p in project.pipelines.list()]
    assert [job.name for job in pipeline.jobs.list()] == ["test"]
    passed("pipelines")

    issue.todo()
    todos = gl.todos.list()
    assert [(t.target_type, t.state) for t in todos] == [("Issue", "pending")], [t.attributes for t in todos]
    gl.todos.mark_all_as_done()
    assert gl.todos.list() == []
    passed("todos")


if __name__ == "__main__":
    main(*sys.argv[1:4])
